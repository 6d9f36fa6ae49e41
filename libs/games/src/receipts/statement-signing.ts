import { type Signed, signedBytes } from '@app/verifier';
import type { ReceiptKeyRing } from './receipt-key-ring';

/** The statement with the signing key's id and the signature, in that order after its own fields. */
export function signStatement<T extends object>(keys: ReceiptKeyRing, statement: T): Signed<T> {
  const withKey = { ...statement, keyId: keys.keyId };
  return { ...withKey, signature: keys.sign(signedBytes(withKey)) };
}
