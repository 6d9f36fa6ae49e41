import type { SignedGameHead } from '../receipts/game-head';
import type { SignedTreeHead } from './tree-head';

/** One leaf of the tournament log: the signed head of a game, and where it stands. */
export interface LoggedHead {
  index: number;
  head: SignedGameHead;
}

/** `GET /log/inclusion`: that the head is leaf `leafIndex` of the tree the tree head signs (RFC 9162 audit path). */
export interface InclusionProofAnswer {
  head: SignedGameHead;
  leafIndex: number;
  treeHead: SignedTreeHead;
  /** Hex sha256 nodes, leaf to root. */
  auditPath: string[];
}

/** `GET /log/consistency`: that the second tree head's log extends the first's, unchanged (RFC 9162). */
export interface ConsistencyProofAnswer {
  first: SignedTreeHead;
  second: SignedTreeHead;
  /** Hex sha256 nodes. */
  proof: string[];
}
