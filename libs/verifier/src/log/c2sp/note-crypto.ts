/**
 * What checking a signed note needs of cryptography, passed in so that the formats run unchanged in Node and in a
 * browser. Both methods may be asynchronous, as WebCrypto's are.
 */
export interface NoteCrypto {
  sha256(data: Uint8Array): Promise<Uint8Array>;
  /** Whether `signature` is the Ed25519 signature (RFC 8032) of `message` by the 32-byte `publicKey`. */
  verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean>;
}
