import { decodeBase64, encodeBase64 } from './base64';
import { C2spFormatError } from './c2sp-format.error';
import { parseTlogNumber, parseTlogHash } from './tlog-checkpoint';

/** The first line of a tlog-proof. */
export const TLOG_PROOF_HEADER = 'c2sp.org/tlog-proof@v1';

/** More hashes than a tree of 2^64 leaves needs: not a proof. */
const MAX_PROOF_HASHES = 64;

/**
 * C2SP tlog-proof (c2sp.org/tlog-proof): that an entry is in a log, offline — the entry's index, its RFC 6962 audit
 * path, and the log's signed checkpoint the path leads to, in one text file (`.tlog-proof`). The optional extra data
 * is opaque to the format; this service puts the logged entry itself there (the leaf's bytes), so that the file
 * holds everything: a verifier hashes it as the leaf, which is what authenticates it.
 */
export interface TlogProof {
  extra?: Uint8Array;
  index: number;
  /** The audit path, from the leaf's sibling up to the root's child (32 bytes each). */
  hashes: Uint8Array[];
  /** The signed checkpoint, verbatim. */
  checkpoint: string;
}

export function formatTlogProof({ extra, index, hashes, checkpoint }: TlogProof): string {
  if (!Number.isSafeInteger(index) || index < 0) throw new C2spFormatError('an index is a whole number from 0');
  if (hashes.some((hash) => hash.length !== 32)) throw new C2spFormatError('a proof hash is 32 bytes');
  const lines = [
    TLOG_PROOF_HEADER,
    ...(extra === undefined ? [] : [`extra ${encodeBase64(extra)}`]),
    `index ${index}`,
    ...hashes.map(encodeBase64),
  ];
  return `${lines.join('\n')}\n\n${checkpoint}`;
}

/** A tlog-proof's parts, as written: nothing is verified (tlog-proofs.verification.ts does). */
export function parseTlogProof(text: string): TlogProof {
  const lines = text.split('\n');
  let at = 0;
  const next = () => lines[at++];
  if (next() !== TLOG_PROOF_HEADER) throw new C2spFormatError(`line 1 must be ${TLOG_PROOF_HEADER}`);
  let line = next();
  let extra: Uint8Array | undefined;
  if (line?.startsWith('extra ')) {
    const bytes = decodeBase64(line.slice('extra '.length));
    if (bytes === null) throw new C2spFormatError('line 2: the extra data must be base64');
    extra = bytes;
    line = next();
  }
  const index = line?.startsWith('index ') ? parseTlogNumber(line.slice('index '.length)) : null;
  if (index === null) throw new C2spFormatError(`line ${at}: must be "index" and the entry's index in decimal`);
  const hashes: Uint8Array[] = [];
  for (line = next(); line !== undefined && line !== ''; line = next()) {
    const hash = parseTlogHash(line);
    if (hash === null) throw new C2spFormatError(`line ${at}: a proof hash must be base64 of 32 bytes`);
    if (hashes.length === MAX_PROOF_HASHES) throw new C2spFormatError(`more than ${MAX_PROOF_HASHES} proof hashes`);
    hashes.push(hash);
  }
  const checkpoint = lines.slice(at).join('\n');
  if (line === undefined || checkpoint === '') {
    throw new C2spFormatError('the proof needs an empty line, then the checkpoint');
  }
  return { ...(extra && { extra }), index, hashes, checkpoint };
}
