import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';
import { hexOf } from '../encoding/byte-encodings';
import { UnusableInputError } from '../files/unusable-input.error';
import type { VerificationKeys } from '../keys/verification-keys';
import { TLOG_PROOF_HEADER } from '../log/c2sp/tlog-proof';
import type { ConsistencyProofAnswer, InclusionProofAnswer } from '../log/log-proofs';
import { verifyConsistencyAnswer, verifyInclusionAnswer } from '../log/log-proofs.verification';
import {
  type KeptTreeHead,
  type TlogVerdict,
  keptOfTreeHead,
  verifyCheckpoint,
  verifyTlogConsistencyText,
  verifyTlogProofText,
} from '../log/tlog-proofs.verification';
import type { SignedTreeHead } from '../log/tree-head';
import { statementProblems } from '../receipts/signed-statement.shapes';
import type { VerdictLines } from './statement-verdicts';

/** A file handed to a verifier: its name (as verdicts name it) and its text. */
export interface NamedText {
  name: string;
  text: string;
}

function jsonObject(text: string, file: string, what: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not a JSON object');
    return value as Record<string, unknown>;
  } catch (error) {
    throw new UnusableInputError(`${what} ${file}: not a JSON object: ${(error as Error).message}`);
  }
}

/** A C2SP text form, told by its first line; anything else is read as the JSON answers. */
type ProofForm = 'tlog-proof' | 'tlog-consistency' | 'checkpoint' | 'json';

function formOf(text: string): ProofForm {
  if (text.startsWith(`${TLOG_PROOF_HEADER}\n`)) return 'tlog-proof';
  if (/^old \d/.test(text)) return 'tlog-consistency';
  if (text.trimStart().startsWith('{')) return 'json';
  return 'checkpoint';
}

function needNoteKeys(keys: VerificationKeys, file: string): void {
  if (keys.noteKeys.length > 0) return;
  throw new UnusableInputError(
    `${file} is signed as a C2SP note: --key must give verifier keys (the service’s /.well-known/sanctum-keys lists ` +
      `one per key, "vkey"), not ${keys.name} alone`,
  );
}

/**
 * The tree head a verifier kept: a checkpoint (`GET /log/checkpoint`, its signature checked), a signed tree head
 * as `GET /log/tree-head` answers it, or the whole answer of `POST /log/heads` (the organiser publishes that, its
 * `treeHead` inside). Anything else is unusable, named: a proof checked against a tree head with no size or root
 * would only say "not the kept one".
 */
export async function keptTreeHeadOf(
  { name, text }: NamedText,
  keys: VerificationKeys,
  crypto: VerifierCrypto = platformCrypto,
): Promise<KeptTreeHead> {
  if (formOf(text) !== 'json') {
    needNoteKeys(keys, `--tree-head ${name}`);
    const verdict = await verifyCheckpoint(text, keys.noteKeys, crypto);
    if (!verdict.valid) {
      throw new UnusableInputError(`--tree-head ${name}: not a checkpoint of the log: ${verdict.reason}`);
    }
    return verdict.checkpoint;
  }
  const value = jsonObject(text, name, '--tree-head');
  const treeHead = 'treeHead' in value && !('size' in value) ? value.treeHead : value;
  const problems = statementProblems(treeHead, 'tree head');
  if (problems.length > 0) {
    throw new UnusableInputError(
      `--tree-head ${name}: not a signed tree head (GET /log/tree-head, or POST /log/heads' answer) nor a checkpoint: ${problems.join('; ')}`,
    );
  }
  return keptOfTreeHead(treeHead as SignedTreeHead);
}

const asTreeHead = (kept: KeptTreeHead | undefined) => kept && { size: kept.size, root: hexOf(kept.rootHash) };

/** The JSON answers of `GET /log/inclusion` and `GET /log/consistency`. */
function jsonVerdict(
  answer: Record<string, unknown>,
  file: string,
  keys: VerificationKeys,
  kept: KeptTreeHead | undefined,
  crypto: VerifierCrypto,
): TlogVerdict {
  if ('auditPath' in answer) {
    const proof = answer as unknown as InclusionProofAnswer;
    const claim = `the head of game ${String(proof.head?.gameId)} at revision ${String(proof.head?.revision)} is leaf ${String(proof.leafIndex)} of the log of size ${String(proof.treeHead?.size)}`;
    return { claim, ...verifyInclusionAnswer(proof, keys.keys, asTreeHead(kept), crypto) };
  }
  if ('proof' in answer && 'first' in answer) {
    const proof = answer as unknown as ConsistencyProofAnswer;
    const claim = `the log of size ${String(proof.second?.size)} extends the log of size ${String(proof.first?.size)}`;
    return { claim, ...verifyConsistencyAnswer(proof, keys.keys, asTreeHead(kept), crypto) };
  }
  throw new UnusableInputError(
    `${file}: neither an inclusion proof (auditPath) nor a consistency proof (first, second, proof), in JSON or a C2SP form`,
  );
}

async function tlogVerdict(
  { name, text }: NamedText,
  keys: VerificationKeys,
  kept: KeptTreeHead | undefined,
  crypto: VerifierCrypto,
): Promise<TlogVerdict> {
  const form = formOf(text);
  if (form !== 'json') needNoteKeys(keys, name);
  switch (form) {
    case 'tlog-proof':
      return verifyTlogProofText(text, keys.noteKeys, keys.keys, kept, crypto);
    case 'tlog-consistency':
      if (kept === undefined) {
        throw new UnusableInputError(
          `${name}: a consistency proof to a checkpoint carries no earlier root: give --tree-head, the checkpoint kept at its "old" size`,
        );
      }
      return verifyTlogConsistencyText(text, keys.noteKeys, kept, crypto);
    case 'checkpoint': {
      if (kept !== undefined) {
        throw new UnusableInputError(
          `${name}: a checkpoint alone proves nothing about a kept one: check GET /log/tlog-consistency instead`,
        );
      }
      const verdict = await verifyCheckpoint(text, keys.noteKeys, crypto);
      if (!verdict.valid) return { claim: `${name} is a checkpoint of the log`, ...verdict };
      const { origin, size } = verdict.checkpoint;
      return { claim: `the checkpoint of the log ${origin} at size ${size} is signed by the log`, valid: true };
    }
    case 'json':
      return jsonVerdict(jsonObject(text, name, 'proof'), name, keys, kept, crypto);
  }
}

/**
 * `sanctum verify-proof`: a proof of the tournament log checked with the public keys alone, in any form the service
 * answers it — `GET /log/inclusion` or `GET /log/consistency` (JSON: the signatures and the RFC 9162 proof),
 * `GET /log/tlog-proof` (a C2SP tlog-proof: the checkpoint's note signature, the logged head's own signature and the
 * audit path), `GET /log/tlog-consistency` (against the kept checkpoint, which it needs), or a bare
 * `GET /log/checkpoint` (its signature). With `kept`, the proof must be against that tree head. One verdict line;
 * UnusableInputError for what cannot be checked at all.
 */
export async function proofVerdict(
  proof: NamedText,
  keys: VerificationKeys,
  keptFile?: NamedText,
  crypto: VerifierCrypto = platformCrypto,
): Promise<VerdictLines> {
  if (formOf(proof.text) !== 'json') needNoteKeys(keys, proof.name);
  const kept = keptFile === undefined ? undefined : await keptTreeHeadOf(keptFile, keys, crypto);
  const verdict = await tlogVerdict(proof, keys, kept, crypto);
  const line = verdict.valid
    ? `verdict: VALID: ${verdict.claim}`
    : `verdict: NOT VALID: ${verdict.claim}? ${verdict.reason}`;
  return { lines: [line], holds: verdict.valid };
}
