import { noteCryptoOf } from '../crypto/note-crypto.adapter';
import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';
import { bytesOfHex, hexOf } from '../encoding/byte-encodings';
import type { StatementKeys } from '../keys/statement-keys';
import { verifyStatementOfKind } from '../receipts/signed-statement.shapes';
import { C2spFormatError } from './c2sp/c2sp-format.error';
import { hexKeyId, type NoteVerifierKey } from './c2sp/note-verifier-key';
import { openSignedNote } from './c2sp/open-signed-note';
import { type Checkpoint, parseCheckpoint } from './c2sp/tlog-checkpoint';
import { type TlogConsistency, parseTlogConsistency } from './c2sp/tlog-consistency';
import { type TlogProof, parseTlogProof } from './c2sp/tlog-proof';
import { headOfLeaf } from './held-log-texts';
import { leafHash, verifyConsistency, verifyInclusion } from './merkle-tree';
import type { SignedTreeHead } from './tree-head';

/** A tree head a verifier kept (a checkpoint, or a signed tree head as JSON): a size and its root. */
export interface KeptTreeHead {
  size: number;
  rootHash: Uint8Array;
}

export function keptOfTreeHead({ size, root }: SignedTreeHead): KeptTreeHead {
  return { size, rootHash: bytesOfHex(root) ?? new Uint8Array() };
}

export type CheckpointVerdict =
  { valid: true; checkpoint: Checkpoint; signedBy: NoteVerifierKey } | { valid: false; reason: string };

/** What a C2SP proof says (`claim`, in words, as far as it could be read) and whether it holds. */
export type TlogVerdict = { claim: string } & ({ valid: true } | { valid: false; reason: string });

function formatProblem(error: unknown, what: string): string {
  if (error instanceof C2spFormatError) return `${what}: ${error.message}`;
  throw error;
}

/**
 * A checkpoint note, opened with the known verifier keys (c2sp.org/signed-note), its text read as a
 * c2sp.org/tlog-checkpoint. The log's key is named after its origin: the checkpoint must be signed by a known key
 * whose name is the checkpoint's origin, so a key trusted for one log does not vouch for another.
 */
export async function verifyCheckpoint(
  note: string,
  keys: readonly NoteVerifierKey[],
  crypto: VerifierCrypto = platformCrypto,
): Promise<CheckpointVerdict> {
  const opened = await openSignedNote(note, keys, noteCryptoOf(crypto));
  if (!opened.valid) return { valid: false, reason: `the checkpoint: ${opened.reason}` };
  let checkpoint: Checkpoint;
  try {
    checkpoint = parseCheckpoint(opened.note.text);
  } catch (error) {
    return { valid: false, reason: formatProblem(error, 'the checkpoint') };
  }
  const signedBy = opened.note.verifiedBy.find((key) => key.name === checkpoint.origin);
  if (signedBy === undefined) {
    const by = opened.note.verifiedBy.map((key) => `${key.name}+${hexKeyId(key.keyId)}`).join(', ');
    return { valid: false, reason: `the checkpoint of log ${checkpoint.origin} is signed by ${by}, not by that log` };
  }
  return { valid: true, checkpoint, signedBy };
}

/** The checkpoint must be the kept tree head (same size, same root) when one was kept. */
function keptProblem(kept: KeptTreeHead | undefined, checkpoint: Checkpoint): string | null {
  if (kept === undefined) return null;
  if (kept.size === checkpoint.size && hexOf(kept.rootHash) === hexOf(checkpoint.rootHash)) return null;
  return (
    `the proof is against the log of size ${checkpoint.size} with root ${hexOf(checkpoint.rootHash)}, ` +
    `not the kept one (size ${kept.size}, root ${hexOf(kept.rootHash)})`
  );
}

/**
 * A tlog-proof of a game head as the service hands it out (`GET /log/tlog-proof`), checked with the keys alone: the
 * checkpoint is signed by the log's key, the extra data (the logged head's canonical JSON) is the leaf at `index`
 * of the checkpoint's tree (RFC 6962 audit path), and that head is signed by one of `statementKeys`. With `kept`,
 * the checkpoint must also be the tree head the verifier kept.
 */
export async function verifyTlogProofText(
  text: string,
  keys: readonly NoteVerifierKey[],
  statementKeys: StatementKeys,
  kept?: KeptTreeHead,
  crypto: VerifierCrypto = platformCrypto,
): Promise<TlogVerdict> {
  let proof: TlogProof;
  try {
    proof = parseTlogProof(text);
  } catch (error) {
    return { claim: 'a tlog-proof', valid: false, reason: formatProblem(error, 'the tlog-proof') };
  }
  const head = proof.extra === undefined ? undefined : (headOfLeaf(proof.extra) ?? undefined);
  const of = head ? `the head of game ${String(head.gameId)} at revision ${String(head.revision)}` : 'an entry';
  let claim = `${of} is leaf ${proof.index} of the log`;
  const verified = await verifyCheckpoint(proof.checkpoint, keys, crypto);
  if (!verified.valid) return { claim, valid: false, reason: verified.reason };
  const { checkpoint } = verified;
  claim = `${of} is leaf ${proof.index} of the log ${checkpoint.origin} of size ${checkpoint.size}`;
  const notKept = keptProblem(kept, checkpoint);
  if (notKept !== null) return { claim, valid: false, reason: notKept };
  if (proof.extra === undefined) {
    return { claim, valid: false, reason: 'the proof carries no entry (its extra line holds the logged head)' };
  }
  const included = verifyInclusion(
    leafHash(proof.extra, crypto),
    proof.index,
    checkpoint.size,
    proof.hashes,
    checkpoint.rootHash,
    crypto,
  );
  if (!included) {
    return {
      claim,
      valid: false,
      reason: `the audit path does not lead from the entry to the root of the log of size ${checkpoint.size}`,
    };
  }
  const signed = verifyStatementOfKind(head, 'game head', statementKeys, crypto);
  if (!signed.valid) return { claim, valid: false, reason: `the logged head: ${signed.reason}` };
  return { claim, valid: true };
}

/**
 * A consistency proof to a checkpoint as the service hands it out (`GET /log/tlog-consistency`, the body a witness
 * takes), checked against the tree head the verifier kept at its old size: the checkpoint is signed by the log's
 * key, and the RFC 6962 proof shows its log extends the kept one, unchanged.
 */
export async function verifyTlogConsistencyText(
  text: string,
  keys: readonly NoteVerifierKey[],
  kept: KeptTreeHead,
  crypto: VerifierCrypto = platformCrypto,
): Promise<TlogVerdict> {
  let proof: TlogConsistency;
  try {
    proof = parseTlogConsistency(text);
  } catch (error) {
    return { claim: 'a consistency proof', valid: false, reason: formatProblem(error, 'the consistency proof') };
  }
  let claim = `the log extends the log of size ${proof.oldSize}`;
  const verified = await verifyCheckpoint(proof.checkpoint, keys, crypto);
  if (!verified.valid) return { claim, valid: false, reason: verified.reason };
  const { checkpoint } = verified;
  claim = `the log ${checkpoint.origin} of size ${checkpoint.size} extends the log of size ${proof.oldSize}`;
  if (kept.size !== proof.oldSize) {
    return {
      claim,
      valid: false,
      reason: `the proof is from size ${proof.oldSize}, the kept tree head is of size ${kept.size}`,
    };
  }
  const consistent = verifyConsistency(
    proof.oldSize,
    checkpoint.size,
    kept.rootHash,
    checkpoint.rootHash,
    proof.hashes,
    crypto,
  );
  return consistent
    ? { claim, valid: true }
    : {
        claim,
        valid: false,
        reason: `the proof does not show the log of size ${checkpoint.size} extending the kept log of size ${kept.size}`,
      };
}
