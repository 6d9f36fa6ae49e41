import type { NoteCrypto } from '../log/c2sp/note-crypto';
import { platformCrypto } from './platform-crypto';
import type { VerifierCrypto } from './verifier-crypto';

/** The C2SP formats' cryptography (asynchronous, as WebCrypto's) on the verifier's own primitives. */
export function noteCryptoOf(crypto: VerifierCrypto = platformCrypto): NoteCrypto {
  return {
    sha256: (data) => Promise.resolve(crypto.sha256(data)),
    verifyEd25519: (publicKey, message, signature) =>
      Promise.resolve(crypto.verifyEd25519(publicKey, message, signature)),
  };
}
