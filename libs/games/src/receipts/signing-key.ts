import { type KeyObject, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { type PublishedKey, keyIdOfPublicKey } from '@app/verifier';
import { rawEd25519PublicKey } from '../tournament-log/ed25519-note-key';

/** Thrown for a key text that is not what it must be; the message names where it came from. */
export class SigningKeyInvalidError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SigningKeyInvalidError';
  }
}

/** A key's id, as the verifier derives it from the key (keyIdOfPublicKey): one formula for the service and a page. */
export function keyIdOf(publicKey: KeyObject): string {
  return keyIdOfPublicKey(rawEd25519PublicKey(publicKey));
}

export function publicKeyPem(publicKey: KeyObject): string {
  return publicKey.export({ type: 'spki', format: 'pem' }).toString();
}

export function publishedKeyOf(publicKey: KeyObject): PublishedKey {
  return { keyId: keyIdOf(publicKey), publicKey: publicKeyPem(publicKey) };
}

/** A new Ed25519 signing key, as PKCS8 PEM (how it is kept in the secrets file and set in RECEIPT_SIGNING_KEY). */
export function generateSigningKeyPem(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** An Ed25519 private key from PKCS8 PEM; `where` names the setting or file field in the error. */
export function parseSigningKey(pem: string, where: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    throw new SigningKeyInvalidError(
      `${where} must be an Ed25519 private key in PKCS8 PEM (-----BEGIN PRIVATE KEY-----)`,
    );
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new SigningKeyInvalidError(`${where} must be an Ed25519 key, not ${String(key.asymmetricKeyType)}`);
  }
  return key;
}

const PUBLIC_KEY_BLOCK = /-----BEGIN PUBLIC KEY-----[\s\S]*?-----END PUBLIC KEY-----/g;

/** Every Ed25519 public key (SPKI PEM) in a text that holds one or more; `where` names the source in errors. */
export function parsePublicKeys(text: string, where: string): KeyObject[] {
  const blocks = text.match(PUBLIC_KEY_BLOCK) ?? [];
  if (blocks.length === 0) {
    throw new SigningKeyInvalidError(`${where} must hold Ed25519 public keys in SPKI PEM (-----BEGIN PUBLIC KEY-----)`);
  }
  return blocks.map((block, i) => {
    let key: KeyObject;
    try {
      key = createPublicKey({ key: block, format: 'pem' });
    } catch {
      throw new SigningKeyInvalidError(`${where}: public key ${i + 1} is not a valid SPKI PEM key`);
    }
    if (key.asymmetricKeyType !== 'ed25519') {
      throw new SigningKeyInvalidError(
        `${where}: public key ${i + 1} is ${String(key.asymmetricKeyType)}, not Ed25519`,
      );
    }
    return key;
  });
}
