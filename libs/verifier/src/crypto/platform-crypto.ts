import * as crypto from 'node:crypto';
import type { VerifierCrypto } from './verifier-crypto';

/** The DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410): the 32 key bytes follow it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Keys imported once each: a verifier checks many statements against the few keys a service lists. */
const importedKeys = new Map<string, crypto.KeyObject>();
const MAX_IMPORTED_KEYS = 256;

function publicKeyObject(raw: Uint8Array): crypto.KeyObject {
  const id = Buffer.from(raw).toString('hex');
  let key = importedKeys.get(id);
  if (key === undefined) {
    key = crypto.createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
    if (importedKeys.size >= MAX_IMPORTED_KEYS) importedKeys.clear();
    importedKeys.set(id, key);
  }
  return key;
}

/** One-shot hashing (Node >= 20.12) skips building a Hash object per event; older Nodes build one. */
const sha256Hex: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text).digest('hex');

/**
 * The primitives on Node's own crypto, where the verifier runs in Node (the service, the command line): the fastest
 * there. The one module of the verifier that is not portable: the browser build puts portable-crypto.ts in its place
 * (verify-page.build.ts), and a test holds both to the same answers.
 */
export const platformCrypto: VerifierCrypto = {
  sha256Hex,
  hmacSha256Hex(key, text) {
    return crypto.createHmac('sha256', key).update(text).digest('hex');
  },
  sha256(...parts) {
    const hash = crypto.createHash('sha256');
    for (const part of parts) hash.update(part);
    return new Uint8Array(hash.digest());
  },
  verifyEd25519(publicKey, message, signature) {
    if (publicKey.length !== 32 || signature.length !== 64) return false;
    try {
      return crypto.verify(null, message, publicKeyObject(publicKey), signature);
    } catch {
      return false;
    }
  },
};
