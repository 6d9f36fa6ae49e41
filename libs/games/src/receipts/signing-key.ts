import { type KeyObject, createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';

/** A public key as `GET /.well-known/sanctum-keys` lists it: its id and its SPKI PEM. */
export interface PublishedKey {
  keyId: string;
  publicKey: string;
}

/** `{"keys": [...]}`: the answer of `GET /.well-known/sanctum-keys`, and a file a player keeps. */
export interface PublishedKeys {
  keys: PublishedKey[];
}

/** Thrown for a key text that is not what it must be; the message names where it came from. */
export class SigningKeyInvalidError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SigningKeyInvalidError';
  }
}

/**
 * A key's id: the first 16 characters (96 bits) of base64url(sha256(SPKI DER of the public key)). Derived, so
 * anyone holding the public key can tell which receipts it signed, and no table of ids needs keeping.
 */
export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64url')
    .slice(0, 16);
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

/**
 * The keys of a `{"keys": [...]}` document (the service's answer, or a file a player kept), by key id. Each id is
 * derived again from its key: a document that lists a key under another id is refused, naming the entry.
 */
export function keysOfPublished(document: unknown, where: string): Map<string, KeyObject> {
  const keys = (document as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) throw new SigningKeyInvalidError(`${where}: must be {"keys": [{"keyId", "publicKey"}]}`);
  const found = new Map<string, KeyObject>();
  keys.forEach((entry: unknown, i) => {
    const { keyId, publicKey } = (entry ?? {}) as { keyId?: unknown; publicKey?: unknown };
    if (typeof publicKey !== 'string')
      throw new SigningKeyInvalidError(`${where}: keys[${i}].publicKey must be a PEM text`);
    const [key] = parsePublicKeys(publicKey, `${where}: keys[${i}].publicKey`);
    if (key === undefined) throw new SigningKeyInvalidError(`${where}: keys[${i}].publicKey holds no key`);
    if (keyId !== keyIdOf(key)) {
      throw new SigningKeyInvalidError(`${where}: keys[${i}].keyId is not the id of its public key (${keyIdOf(key)})`);
    }
    found.set(keyId, key);
  });
  return found;
}

/** A map of the given public keys by their ids. */
export function keysById(publicKeys: readonly KeyObject[]): Map<string, KeyObject> {
  return new Map(publicKeys.map((key) => [keyIdOf(key), key]));
}
