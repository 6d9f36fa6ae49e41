import type { NoteCrypto } from './note-crypto';

/** A copy over an ArrayBuffer of its own: WebCrypto takes no view of a SharedArrayBuffer (nor its type). */
const owned = (bytes: Uint8Array) => new Uint8Array(bytes);

/**
 * NoteCrypto on WebCrypto (`globalThis.crypto.subtle`), which Node (20 and later) and current browsers both provide,
 * Ed25519 included: one implementation for the service, the command line and a page.
 */
export const webNoteCrypto: NoteCrypto = {
  async sha256(data) {
    return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', owned(data)));
  },
  async verifyEd25519(publicKey, message, signature) {
    if (publicKey.length !== 32 || signature.length !== 64) return false;
    try {
      const { subtle } = globalThis.crypto;
      const key = await subtle.importKey('raw', owned(publicKey), { name: 'Ed25519' }, false, ['verify']);
      return await subtle.verify({ name: 'Ed25519' }, key, owned(signature), owned(message));
    } catch {
      // A public key that is not a point of the curve cannot have signed anything.
      return false;
    }
  },
};
