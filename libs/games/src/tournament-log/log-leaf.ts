import { canonicalJson } from '../recording/canonical-json';
import type { SignedGameHead } from '../receipts/game-head';
import { leafHash } from './merkle-tree';

/** The log's leaf for a head: the RFC 8785 canonical JSON of the signed head, signature included. */
export function leafOfHead(head: SignedGameHead): Buffer {
  return Buffer.from(canonicalJson(head), 'utf8');
}

export function leafHashOfHead(head: SignedGameHead): Buffer {
  return leafHash(leafOfHead(head));
}
