import { type KeyObject, createHash, createPublicKey } from 'node:crypto';
import { keyIdOfDigest, keyIdPreimage, type NoteVerifierKey } from './c2sp/note-verifier-key';

/** The 32 bytes of an Ed25519 public key (RFC 8032), as notes and verifier keys carry it. */
export function rawEd25519PublicKey(publicKey: KeyObject): Uint8Array {
  const { x } = publicKey.export({ format: 'jwk' });
  return Buffer.from(String(x), 'base64url');
}

/** An Ed25519 public key of the service as a note verifier key under `name`. */
export function noteVerifierKeyOf(name: string, publicKey: KeyObject): NoteVerifierKey {
  const raw = rawEd25519PublicKey(publicKey);
  return { name, keyId: keyIdOfDigest(createHash('sha256').update(keyIdPreimage(name, raw)).digest()), publicKey: raw };
}

/** The same key as Node's KeyObject, to check the JSON statements it signed (receipts, heads, tree heads). */
export function publicKeyOfNoteKey({ publicKey }: NoteVerifierKey): KeyObject {
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
    format: 'jwk',
  });
}
