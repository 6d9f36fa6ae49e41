import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';
import { UnusableInputError } from '../files/unusable-input.error';
import { ed25519KeysOfPem, keyIdOfPublicKey } from './ed25519-public-key';

/** A public key as `GET /.well-known/sanctum-keys` lists it: its id and its SPKI PEM. */
export interface PublishedKey {
  keyId: string;
  publicKey: string;
}

/** `{"keys": [...]}`: the answer of `GET /.well-known/sanctum-keys`, and a file a player keeps. */
export interface PublishedKeys {
  keys: PublishedKey[];
}

/** A map of the given public keys by their ids. */
export function keysById(
  publicKeys: readonly Uint8Array[],
  crypto: VerifierCrypto = platformCrypto,
): Map<string, Uint8Array> {
  return new Map(publicKeys.map((key) => [keyIdOfPublicKey(key, crypto), key]));
}

/**
 * The keys of a `{"keys": [...]}` document (the service's answer, or a file a player kept), by key id. Each id is
 * derived again from its key: a document that lists a key under another id is refused, naming the entry.
 */
export function keysOfPublished(
  document: unknown,
  where: string,
  crypto: VerifierCrypto = platformCrypto,
): Map<string, Uint8Array> {
  const keys = (document as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) throw new UnusableInputError(`${where}: must be {"keys": [{"keyId", "publicKey"}]}`);
  const found = new Map<string, Uint8Array>();
  keys.forEach((entry: unknown, i) => {
    const { keyId, publicKey } = (entry ?? {}) as { keyId?: unknown; publicKey?: unknown };
    if (typeof publicKey !== 'string')
      throw new UnusableInputError(`${where}: keys[${i}].publicKey must be a PEM text`);
    const [key] = ed25519KeysOfPem(publicKey, `${where}: keys[${i}].publicKey`);
    if (key === undefined) throw new UnusableInputError(`${where}: keys[${i}].publicKey holds no key`);
    const derived = keyIdOfPublicKey(key, crypto);
    if (keyId !== derived) {
      throw new UnusableInputError(`${where}: keys[${i}].keyId is not the id of its public key (${derived})`);
    }
    found.set(keyId, key);
  });
  return found;
}
