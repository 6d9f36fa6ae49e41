import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';
import { base64UrlOf, sameBytes } from '../encoding/byte-encodings';
import { decodeBase64 } from '../log/c2sp/base64';
import { UnusableInputError } from '../files/unusable-input.error';

/**
 * The DER of an Ed25519 SubjectPublicKeyInfo (RFC 8410 §4) is always these 12 bytes, then the 32 of the key: a
 * SEQUENCE of the algorithm (OID 1.3.101.112, no parameters) and a BIT STRING. Read by hand, it needs no ASN.1 library.
 */
const ED25519_SPKI_PREFIX = Uint8Array.of(0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00);

/** The SPKI DER of a 32-byte Ed25519 public key. */
export function spkiOfEd25519(publicKey: Uint8Array): Uint8Array {
  const der = new Uint8Array(ED25519_SPKI_PREFIX.length + publicKey.length);
  der.set(ED25519_SPKI_PREFIX);
  der.set(publicKey, ED25519_SPKI_PREFIX.length);
  return der;
}

/** The 32-byte key of an Ed25519 SPKI DER, or null when the DER is anything else (another algorithm, another size). */
export function ed25519OfSpki(der: Uint8Array): Uint8Array | null {
  if (der.length !== ED25519_SPKI_PREFIX.length + 32) return null;
  if (!sameBytes(der.subarray(0, ED25519_SPKI_PREFIX.length), ED25519_SPKI_PREFIX)) return null;
  return der.slice(ED25519_SPKI_PREFIX.length);
}

/**
 * A key's id: the first 16 characters (96 bits) of base64url(sha256(SPKI DER of the public key)). Derived, so
 * anyone holding the public key can tell which statements it signed, and no table of ids needs keeping.
 */
export function keyIdOfPublicKey(publicKey: Uint8Array, crypto: VerifierCrypto = platformCrypto): string {
  return base64UrlOf(crypto.sha256(spkiOfEd25519(publicKey))).slice(0, 16);
}

const PUBLIC_KEY_BLOCK = /-----BEGIN PUBLIC KEY-----([\s\S]*?)-----END PUBLIC KEY-----/g;

/**
 * Every Ed25519 public key (SPKI PEM, RFC 7468) in a text that holds one or more, as its 32 bytes; `where` names the
 * source in errors (UnusableInputError).
 */
export function ed25519KeysOfPem(text: string, where: string): Uint8Array[] {
  const blocks = [...text.matchAll(PUBLIC_KEY_BLOCK)];
  if (blocks.length === 0) {
    throw new UnusableInputError(`${where} must hold Ed25519 public keys in SPKI PEM (-----BEGIN PUBLIC KEY-----)`);
  }
  return blocks.map(([, body = ''], i) => {
    const der = decodeBase64(body.replace(/\s+/g, ''));
    if (der === null) throw new UnusableInputError(`${where}: public key ${i + 1} is not a valid SPKI PEM key`);
    const key = ed25519OfSpki(der);
    if (key === null) throw new UnusableInputError(`${where}: public key ${i + 1} is not an Ed25519 key`);
    return key;
  });
}
