import { type KeyObject, verify } from 'node:crypto';
import { canonicalJson } from '../recording/canonical-json';
import type { ReceiptKeyRing } from './receipt-key-ring';

/** What a signature adds to a statement (a receipt, a game's head, a tree head). */
export interface Signature {
  keyId: string;
  /** base64url Ed25519 over the RFC 8785 canonical JSON of the statement without `signature` (keyId included). */
  signature: string;
}

export type Signed<T> = T & Signature;

/** The bytes a signature covers: the canonical JSON of everything but `signature`. */
export function signedBytes(statement: object): Buffer {
  const { signature: _signature, ...signed } = statement as Record<string, unknown>;
  return Buffer.from(canonicalJson(signed), 'utf8');
}

/** The statement with the signing key's id and the signature, in that order after its own fields. */
export function signStatement<T extends object>(keys: ReceiptKeyRing, statement: T): Signed<T> {
  const withKey = { ...statement, keyId: keys.keyId };
  return { ...withKey, signature: keys.sign(signedBytes(withKey)) };
}

export type SignatureVerdict = { valid: true; keyId: string } | { valid: false; reason: string };

/** An Ed25519 signature in unpadded base64url: 64 bytes are 86 characters, the last one carrying 2 bits. */
const SIGNATURE = /^[A-Za-z0-9_-]{85}[AQgw]$/;

/** Whether a statement is signed by one of the keys (by key id), with the reason when not. */
export function verifyStatement(
  statement: Record<string, unknown>,
  keys: ReadonlyMap<string, KeyObject>,
): SignatureVerdict {
  const { keyId, signature } = statement;
  if (typeof keyId !== 'string') return { valid: false, reason: 'keyId must be a string' };
  // Only the one canonical spelling: a decoder ignores the last character's spare bits, and a signature whose text
  // differs from the signed one by a bit must not pass.
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) {
    return { valid: false, reason: 'signature must be 64 bytes of unpadded base64url (86 characters)' };
  }
  const key = keys.get(keyId);
  if (key === undefined) return { valid: false, reason: `key ${keyId} is not one of the listed keys` };
  let bytes: Buffer;
  try {
    bytes = signedBytes(statement);
  } catch (error) {
    return { valid: false, reason: `not canonical JSON: ${(error as Error).message}` };
  }
  const valid = verify(null, bytes, key, Buffer.from(signature, 'base64url'));
  return valid ? { valid: true, keyId } : { valid: false, reason: `the signature does not verify with key ${keyId}` };
}
