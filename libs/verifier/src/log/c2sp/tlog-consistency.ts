import { encodeBase64 } from './base64';
import { C2spFormatError } from './c2sp-format.error';
import { parseTlogNumber, parseTlogHash } from './tlog-checkpoint';

/** At most this many consistency proof lines (c2sp.org/tlog-witness). */
const MAX_PROOF_HASHES = 63;

/**
 * A consistency proof to a checkpoint, written as the body of a witness's add-checkpoint request
 * (c2sp.org/tlog-witness): `old <size>`, the RFC 6962 consistency proof from that size, one base64 hash a line, an
 * empty line, and the signed checkpoint. The earlier root is not in it: the verifier brings the checkpoint it kept at
 * `oldSize` — which is what such a proof is for — and a witness can take the text as it is.
 */
export interface TlogConsistency {
  oldSize: number;
  hashes: Uint8Array[];
  checkpoint: string;
}

export function formatTlogConsistency({ oldSize, hashes, checkpoint }: TlogConsistency): string {
  if (!Number.isSafeInteger(oldSize) || oldSize < 0) throw new C2spFormatError('a size is a whole number from 0');
  if (hashes.length > MAX_PROOF_HASHES || hashes.some((hash) => hash.length !== 32)) {
    throw new C2spFormatError(`a consistency proof is at most ${MAX_PROOF_HASHES} hashes of 32 bytes`);
  }
  return [`old ${oldSize}`, ...hashes.map(encodeBase64), '', checkpoint].join('\n');
}

/** The parts of such a text, as written: nothing is verified. */
export function parseTlogConsistency(text: string): TlogConsistency {
  const lines = text.split('\n');
  const [first = ''] = lines;
  const oldSize = first.startsWith('old ') ? parseTlogNumber(first.slice('old '.length)) : null;
  if (oldSize === null) throw new C2spFormatError('line 1 must be "old" and the earlier tree size in decimal');
  const hashes: Uint8Array[] = [];
  let at = 1;
  for (; at < lines.length && lines[at] !== ''; at += 1) {
    const hash = parseTlogHash(lines[at] ?? '');
    if (hash === null) throw new C2spFormatError(`line ${at + 1}: a proof hash must be base64 of 32 bytes`);
    if (hashes.length === MAX_PROOF_HASHES) {
      throw new C2spFormatError(`more than ${MAX_PROOF_HASHES} consistency proof hashes`);
    }
    hashes.push(hash);
  }
  const checkpoint = lines.slice(at + 1).join('\n');
  if (at === lines.length || checkpoint === '') {
    throw new C2spFormatError('the proof needs an empty line, then the checkpoint');
  }
  return { oldSize, hashes, checkpoint };
}
