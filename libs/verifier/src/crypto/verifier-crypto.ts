/**
 * What the checks need of cryptography, synchronous so that an audit checks a chain event by event as it reads it.
 * One formula per check (hash-chain.ts, merkle-tree.ts, signed-statement.ts), with these primitives under it: Node's
 * own where the verifier runs in Node (platform-crypto.ts), audited pure JavaScript in a page (portable-crypto.ts).
 */
export interface VerifierCrypto {
  /** SHA-256 of a text's UTF-8 bytes, as 64 lowercase hex digits: a chain hash, once per event. */
  sha256Hex(text: string): string;
  /** HMAC-SHA-256 of a text's UTF-8 bytes under a key, as hex: a keyed genesis hash. */
  hmacSha256Hex(key: Uint8Array, text: string): string;
  /** SHA-256 of the parts one after the other, as one message: Merkle nodes, key ids. */
  sha256(...parts: Uint8Array[]): Uint8Array;
  /** Whether `signature` is the Ed25519 signature (RFC 8032) of `message` by the 32-byte `publicKey`. */
  verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean;
}
