import type { Signed } from '../receipts/signed-statement';

/** A size of the tournament log and the Merkle root of its first `size` heads (hex sha256). */
export interface UnsignedTreeHead {
  size: number;
  root: string;
}

/** What the organiser publishes once per round: anyone can later prove a head is in it, or that a later one extends it. */
export type SignedTreeHead = Signed<UnsignedTreeHead>;
