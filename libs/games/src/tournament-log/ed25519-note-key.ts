import type { KeyObject } from 'node:crypto';
import { type NoteVerifierKey, noteKeyOfEd25519 } from '@app/verifier';

/** The 32 bytes of an Ed25519 public key (RFC 8032), as notes, verifier keys and the verifier carry it. */
export function rawEd25519PublicKey(publicKey: KeyObject): Uint8Array {
  const { x } = publicKey.export({ format: 'jwk' });
  return new Uint8Array(Buffer.from(String(x), 'base64url'));
}

/** An Ed25519 public key of the service as a note verifier key under `name`. */
export function noteVerifierKeyOf(name: string, publicKey: KeyObject): NoteVerifierKey {
  return noteKeyOfEd25519(name, rawEd25519PublicKey(publicKey));
}
