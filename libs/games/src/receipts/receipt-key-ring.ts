import { type KeyObject, createPublicKey, sign } from 'node:crypto';
import { type PublishedKey, type StatementKeys } from '@app/verifier';
import { rawEd25519PublicKey } from '../tournament-log/ed25519-note-key';
import { keyIdOf, publishedKeyOf } from './signing-key';

/**
 * The service's signing keys: one signs (the newest), and every key that ever signed stays listed, so receipts
 * signed before a rotation still verify against `GET /.well-known/sanctum-keys`.
 */
export class ReceiptKeyRing {
  readonly keyId: string;
  /** The public half of the key that signs. */
  readonly signingPublicKey: KeyObject;
  private readonly listed: Map<string, KeyObject>;

  constructor(
    private readonly signingKey: KeyObject,
    earlierPublicKeys: readonly KeyObject[] = [],
  ) {
    this.signingPublicKey = createPublicKey(signingKey);
    this.keyId = keyIdOf(this.signingPublicKey);
    this.listed = new Map([[this.keyId, this.signingPublicKey]]);
    for (const key of earlierPublicKeys) {
      const keyId = keyIdOf(key);
      if (!this.listed.has(keyId)) this.listed.set(keyId, key);
    }
  }

  /** Ed25519 over the bytes given; base64url. Deterministic: the same bytes always give the same signature. */
  sign(bytes: Uint8Array): string {
    return this.signRaw(bytes).toString('base64url');
  }

  /** The same signature as its 64 bytes (a signed note encodes them itself). */
  signRaw(bytes: Uint8Array): Buffer {
    return sign(null, bytes, this.signingKey);
  }

  /** The signing key first, then the earlier ones. */
  published(): PublishedKey[] {
    return [...this.listed.values()].map(publishedKeyOf);
  }

  publicKeys(): Map<string, KeyObject> {
    return new Map(this.listed);
  }

  /** The same keys as the verifier takes them (32 bytes each), to check what they signed. */
  statementKeys(): StatementKeys {
    return new Map([...this.listed].map(([keyId, key]) => [keyId, rawEd25519PublicKey(key)]));
  }
}
