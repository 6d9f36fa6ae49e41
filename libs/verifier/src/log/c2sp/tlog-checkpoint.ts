import { decodeBase64, encodeBase64 } from './base64';
import { C2spFormatError } from './c2sp-format.error';
import { keyNameProblem } from './signed-note';

/**
 * C2SP tlog-checkpoint (c2sp.org/tlog-checkpoint): the text of a signed note that states a log's tree head — its
 * origin, its size, and the base64 RFC 6962 root of that many leaves — one per line.
 */
export interface Checkpoint {
  /** The log's identity (this service's: TOURNAMENT_LOG_ORIGIN); also the name of the key that signs it. */
  origin: string;
  size: number;
  /** The RFC 6962 Merkle root of the log's first `size` leaves (32 bytes). */
  rootHash: Uint8Array;
  /** Opaque extension lines (this service writes none). */
  extensions: string[];
}

/** A tree size as the formats write it: an ASCII decimal without leading zeroes. */
const DECIMAL = /^(0|[1-9][0-9]*)$/;

/** A size or index from its decimal text, or null (JS numbers hold whole numbers up to 2^53 exactly). */
export function parseTlogNumber(text: string): number | null {
  if (!DECIMAL.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** The 32-byte hash of a base64 text, or null. */
export function parseTlogHash(text: string): Uint8Array | null {
  const bytes = decodeBase64(text);
  return bytes?.length === 32 ? bytes : null;
}

/**
 * Why a text cannot be this service's origin, or null. The spec asks only for a non-empty line, and recommends a
 * schema-less URL without spaces or `+`; here the origin is also the signing key's name, so it must be a key name.
 */
export function originProblem(origin: string): string | null {
  if (origin.length > 255) return 'an origin is at most 255 characters';
  if (origin.includes('\n')) return 'an origin is one line';
  return keyNameProblem(origin);
}

export function formatCheckpoint({ origin, size, rootHash, extensions }: Checkpoint): string {
  const problem = originProblem(origin);
  if (problem !== null) throw new C2spFormatError(problem);
  if (!Number.isSafeInteger(size) || size < 0) throw new C2spFormatError('a tree size is a whole number from 0');
  if (rootHash.length !== 32) throw new C2spFormatError('a root hash is 32 bytes');
  if (extensions.some((line) => line === '' || line.includes('\n'))) {
    throw new C2spFormatError('an extension line is one non-empty line');
  }
  return [origin, String(size), encodeBase64(rootHash), ...extensions].map((line) => `${line}\n`).join('');
}

/** A checkpoint from a note's text (the text only: the note's signatures are checked by opening it). */
export function parseCheckpoint(text: string): Checkpoint {
  if (!text.endsWith('\n')) throw new C2spFormatError('a checkpoint’s text must end with a newline');
  const [origin = '', sizeLine = '', rootLine = '', ...extensions] = text.slice(0, -1).split('\n');
  if (origin === '') throw new C2spFormatError('checkpoint line 1: the origin must not be empty');
  const size = parseTlogNumber(sizeLine);
  if (size === null) {
    throw new C2spFormatError(
      `checkpoint line 2: the tree size must be a decimal number, not ${JSON.stringify(sizeLine)}`,
    );
  }
  const rootHash = parseTlogHash(rootLine);
  if (rootHash === null) throw new C2spFormatError('checkpoint line 3: the root hash must be base64 of 32 bytes');
  const empty = extensions.indexOf('');
  if (empty >= 0) throw new C2spFormatError(`checkpoint line ${empty + 4}: an extension line must not be empty`);
  return { origin, size, rootHash, extensions };
}
