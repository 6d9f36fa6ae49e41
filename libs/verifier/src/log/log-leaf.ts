import { canonicalJson } from '../canonical/canonical-json';
import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';
import { utf8Bytes } from '../encoding/byte-encodings';
import type { SignedGameHead } from '../receipts/game-head';
import { leafHash } from './merkle-tree';

/** The log's leaf for a head: the RFC 8785 canonical JSON of the signed head, signature included. */
export function leafOfHead(head: SignedGameHead): Uint8Array {
  return utf8Bytes(canonicalJson(head));
}

export function leafHashOfHead(head: SignedGameHead, crypto: VerifierCrypto = platformCrypto): Uint8Array {
  return leafHash(leafOfHead(head), crypto);
}
