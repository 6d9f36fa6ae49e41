import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';
import { keyIdOfDigest, keyIdPreimage, type NoteVerifierKey } from '../log/c2sp/note-verifier-key';

/** A 32-byte Ed25519 public key as a C2SP note verifier key under `name` (its key ID derived, as c2sp.org says). */
export function noteKeyOfEd25519(
  name: string,
  publicKey: Uint8Array,
  crypto: VerifierCrypto = platformCrypto,
): NoteVerifierKey {
  return { name, keyId: keyIdOfDigest(crypto.sha256(keyIdPreimage(name, publicKey))), publicKey };
}
