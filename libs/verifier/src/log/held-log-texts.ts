import type { SignedGameHead } from '../receipts/game-head';
import { C2spFormatError } from './c2sp/c2sp-format.error';
import { parseSignedNote } from './c2sp/signed-note';
import { type Checkpoint, parseCheckpoint } from './c2sp/tlog-checkpoint';
import { parseTlogProof } from './c2sp/tlog-proof';

/**
 * A checkpoint's origin and size as written, not yet verified (null: not a checkpoint at all): what a page that kept
 * one needs to ask the log for the consistency proof from it, which is then checked against the kept checkpoint.
 */
export function checkpointAsWritten(note: string): Pick<Checkpoint, 'origin' | 'size'> | null {
  try {
    const { origin, size } = parseCheckpoint(parseSignedNote(note).text);
    return { origin, size };
  } catch (error) {
    if (error instanceof C2spFormatError) return null;
    throw error;
  }
}

/** The object a log leaf holds as JSON (a signed head, as written); null when it is not UTF-8 JSON of an object. */
export function headOfLeaf(leaf: Uint8Array): Partial<SignedGameHead> | null {
  try {
    const head = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(leaf)) as unknown;
    return typeof head === 'object' && head !== null && !Array.isArray(head) ? head : null;
  } catch (error) {
    // A decoder's refusal of bytes that are not UTF-8 is a TypeError; JSON's of text that is not JSON, a SyntaxError.
    if (error instanceof SyntaxError || error instanceof TypeError) return null;
    throw error;
  }
}

/**
 * The signed head a tlog-proof carries as its entry (its extra data: the leaf's canonical JSON), as written; null when
 * it carries none that reads as a head. verifyTlogProofText is what shows it is the leaf and signed.
 */
export function headOfTlogProof(text: string): SignedGameHead | null {
  let extra: Uint8Array | undefined;
  try {
    extra = parseTlogProof(text).extra;
  } catch (error) {
    if (error instanceof C2spFormatError) return null;
    throw error;
  }
  return extra === undefined ? null : (headOfLeaf(extra) as SignedGameHead | null);
}
