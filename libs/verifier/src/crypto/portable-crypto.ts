import { ed25519 } from '@noble/curves/ed25519';
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import type { VerifierCrypto } from './verifier-crypto';

/**
 * The primitives in pure JavaScript (the audited @noble packages), the same in a browser and in Node: what the
 * offline page runs. Ed25519 is checked as RFC 8032 states it (`zip215: false`: the canonical encodings only), as
 * Node's OpenSSL checks it, so that both give one verdict on every signature.
 */
export const portableCrypto: VerifierCrypto = {
  sha256Hex(text) {
    return bytesToHex(sha256(utf8ToBytes(text)));
  },
  hmacSha256Hex(key, text) {
    return bytesToHex(hmac(sha256, key, utf8ToBytes(text)));
  },
  sha256(...parts) {
    const hash = sha256.create();
    for (const part of parts) hash.update(part);
    return hash.digest();
  },
  verifyEd25519(publicKey, message, signature) {
    if (publicKey.length !== 32 || signature.length !== 64) return false;
    try {
      return ed25519.verify(signature, message, publicKey, { zip215: false });
    } catch {
      // A public key that is not a point of the curve cannot have signed anything.
      return false;
    }
  },
};
