import { decodeBase64, encodeBase64 } from './base64';
import { C2spFormatError } from './c2sp-format.error';
import type { NoteCrypto } from './note-crypto';
import { keyNameProblem } from './signed-note';

/** The signature type byte of Ed25519 note signatures (c2sp.org/signed-note, "Signature types"). */
export const ED25519_SIGNATURE_TYPE = 0x01;

/** A key that signed notes are checked against: its name, its 32-bit key ID, its 32-byte Ed25519 public key. */
export interface NoteVerifierKey {
  name: string;
  keyId: number;
  publicKey: Uint8Array;
}

/** The bytes whose SHA-256 starts with an Ed25519 key's ID: key name ‖ 0x0A ‖ 0x01 ‖ public key. */
export function keyIdPreimage(name: string, publicKey: Uint8Array): Uint8Array {
  const nameBytes = new TextEncoder().encode(name);
  const bytes = new Uint8Array(nameBytes.length + 2 + publicKey.length);
  bytes.set(nameBytes);
  bytes.set([0x0a, ED25519_SIGNATURE_TYPE], nameBytes.length);
  bytes.set(publicKey, nameBytes.length + 2);
  return bytes;
}

/** A key ID from the SHA-256 digest of its preimage: the first four bytes, big-endian. */
export function keyIdOfDigest(digest: Uint8Array): number {
  return new DataView(digest.buffer, digest.byteOffset, digest.byteLength).getUint32(0);
}

/** The key ID of an Ed25519 key under a name (SHA-256(name ‖ 0x0A ‖ 0x01 ‖ key)[:4]). */
export async function ed25519KeyId(name: string, publicKey: Uint8Array, crypto: NoteCrypto): Promise<number> {
  return keyIdOfDigest(await crypto.sha256(keyIdPreimage(name, publicKey)));
}

/** A key ID as the verifier key spells it: eight lowercase hex digits. */
export function hexKeyId(keyId: number): string {
  return keyId.toString(16).padStart(8, '0');
}

/** The verifier key text, `<name>+<hex key ID>+<base64(0x01 ‖ public key)>`, that note tools are configured with. */
export function formatVerifierKey({ name, keyId, publicKey }: NoteVerifierKey): string {
  const problem = keyNameProblem(name);
  if (problem !== null) throw new C2spFormatError(problem);
  if (publicKey.length !== 32) throw new C2spFormatError('an Ed25519 public key is 32 bytes');
  const typed = new Uint8Array(33);
  typed.set([ED25519_SIGNATURE_TYPE]);
  typed.set(publicKey, 1);
  return `${name}+${hexKeyId(keyId)}+${encodeBase64(typed)}`;
}

const HEX_KEY_ID = /^[0-9a-fA-F]{8}$/;

/**
 * A verifier key from its text, refused (C2spFormatError, naming the part) unless it is an Ed25519 key whose key ID
 * is the one its name and key give.
 */
export async function parseVerifierKey(text: string, crypto: NoteCrypto): Promise<NoteVerifierKey> {
  const [name = '', hex = '', encoded = '', ...more] = text.split('+');
  const problem = keyNameProblem(name);
  if (problem !== null) throw new C2spFormatError(`verifier key: ${problem}`);
  // base64 holds `+` too: whatever follows the second one is the key.
  const typed = decodeBase64([encoded, ...more].join('+'));
  if (!HEX_KEY_ID.test(hex)) throw new C2spFormatError('verifier key: the key ID must be 8 hex digits');
  if (typed === null || typed.length === 0) throw new C2spFormatError('verifier key: the key must be base64');
  if (typed[0] !== ED25519_SIGNATURE_TYPE) {
    throw new C2spFormatError(`verifier key: signature type ${String(typed[0])} is not Ed25519 (1)`);
  }
  const publicKey = typed.slice(1);
  if (publicKey.length !== 32) throw new C2spFormatError('verifier key: an Ed25519 public key is 32 bytes');
  const keyId = Number.parseInt(hex, 16);
  const derived = await ed25519KeyId(name, publicKey, crypto);
  if (keyId !== derived) {
    throw new C2spFormatError(
      `verifier key: the key ID ${hex} is not the one of its name and key (${hexKeyId(derived)})`,
    );
  }
  return { name, keyId, publicKey };
}
