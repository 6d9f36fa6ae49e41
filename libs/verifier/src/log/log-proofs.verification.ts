import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';
import { bytesOfHex } from '../encoding/byte-encodings';
import type { StatementKeys } from '../keys/statement-keys';
import { type SignatureVerdict } from '../receipts/signed-statement';
import { verifyStatementOfKind } from '../receipts/signed-statement.shapes';
import { leafHashOfHead } from './log-leaf';
import type { ConsistencyProofAnswer, InclusionProofAnswer } from './log-proofs';
import { verifyConsistency, verifyInclusion } from './merkle-tree';
import type { SignedTreeHead, UnsignedTreeHead } from './tree-head';

export type ProofVerdict = { valid: true } | { valid: false; reason: string };

const NODE = /^[0-9a-f]{64}$/;

function nodesOf(value: unknown, field: string): Uint8Array[] | string {
  if (!Array.isArray(value) || value.some((node) => typeof node !== 'string' || !NODE.test(node))) {
    return `${field} must be a list of 64-hex-digit hashes`;
  }
  return value.map((node: string) => bytesOfHex(node) as Uint8Array);
}

/** A root a signed tree head carries, checked to be 64 hex digits by its shape. */
const rootOf = (hex: string): Uint8Array => bytesOfHex(hex) as Uint8Array;

function signed(verdict: SignatureVerdict, what: string): ProofVerdict | null {
  return verdict.valid ? null : { valid: false, reason: `${what}: ${verdict.reason}` };
}

/** The tree head a verifier kept must be the one the proof is against: same size, same root. */
function sameTreeHead(kept: UnsignedTreeHead | undefined, given: SignedTreeHead, field: string): ProofVerdict | null {
  if (kept === undefined || (kept.size === given.size && kept.root === given.root)) return null;
  return {
    valid: false,
    reason: `${field} is the tree of size ${given.size} with root ${given.root}, not the kept one (size ${kept.size}, root ${kept.root})`,
  };
}

/**
 * An inclusion proof as the service answers it, checked with the public keys alone: the head and the tree head are
 * signed by a listed key, and the audit path leads from the head's leaf hash to the tree head's root (RFC 9162).
 * With `kept`, the tree head must also be the one the verifier kept (published by the organiser for that round).
 */
export function verifyInclusionAnswer(
  answer: InclusionProofAnswer,
  keys: StatementKeys,
  kept?: UnsignedTreeHead,
  crypto: VerifierCrypto = platformCrypto,
): ProofVerdict {
  const problem =
    signed(verifyStatementOfKind(answer?.head, 'game head', keys, crypto), 'head') ??
    signed(verifyStatementOfKind(answer?.treeHead, 'tree head', keys, crypto), 'treeHead') ??
    sameTreeHead(kept, answer.treeHead, 'treeHead');
  if (problem) return problem;
  const path = nodesOf(answer.auditPath, 'auditPath');
  if (typeof path === 'string') return { valid: false, reason: path };
  if (!Number.isSafeInteger(answer.leafIndex)) return { valid: false, reason: 'leafIndex must be a whole number' };
  const root = rootOf(answer.treeHead.root);
  const leaf = leafHashOfHead(answer.head, crypto);
  return verifyInclusion(leaf, answer.leafIndex, answer.treeHead.size, path, root, crypto)
    ? { valid: true }
    : {
        valid: false,
        reason: `the audit path does not lead from the head to the root of the tree of size ${answer.treeHead.size}`,
      };
}

/** A consistency proof as the service answers it: both tree heads signed, the later log extends the earlier one. */
export function verifyConsistencyAnswer(
  answer: ConsistencyProofAnswer,
  keys: StatementKeys,
  kept?: UnsignedTreeHead,
  crypto: VerifierCrypto = platformCrypto,
): ProofVerdict {
  const problem =
    signed(verifyStatementOfKind(answer?.first, 'tree head', keys, crypto), 'first') ??
    signed(verifyStatementOfKind(answer?.second, 'tree head', keys, crypto), 'second') ??
    sameTreeHead(kept, answer.first, 'first');
  if (problem) return problem;
  const proof = nodesOf(answer.proof, 'proof');
  if (typeof proof === 'string') return { valid: false, reason: proof };
  const { first, second } = answer;
  return verifyConsistency(first.size, second.size, rootOf(first.root), rootOf(second.root), proof, crypto)
    ? { valid: true }
    : {
        valid: false,
        reason: `the proof does not show the log of size ${second.size} extending the log of size ${first.size}`,
      };
}
