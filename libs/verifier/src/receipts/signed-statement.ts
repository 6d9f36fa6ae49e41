import { canonicalJson } from '../canonical/canonical-json';
import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';
import { bytesOfBase64Url, utf8Bytes } from '../encoding/byte-encodings';
import type { StatementKeys } from '../keys/statement-keys';

/** What a signature adds to a statement (a receipt, a game's head, a tree head). */
export interface Signature {
  keyId: string;
  /** base64url Ed25519 over the RFC 8785 canonical JSON of the statement without `signature` (keyId included). */
  signature: string;
}

export type Signed<T> = T & Signature;

/** The bytes a signature covers: the canonical JSON of everything but `signature`, in UTF-8. */
export function signedBytes(statement: object): Uint8Array {
  const { signature: _signature, ...signed } = statement as Record<string, unknown>;
  return utf8Bytes(canonicalJson(signed));
}

export type SignatureVerdict = { valid: true; keyId: string } | { valid: false; reason: string };

/** An Ed25519 signature in unpadded base64url: 64 bytes are 86 characters, the last one carrying 2 bits. */
const SIGNATURE = /^[A-Za-z0-9_-]{85}[AQgw]$/;

/** Whether a statement is signed by one of the keys (by key id), with the reason when not. */
export function verifyStatement(
  statement: Record<string, unknown>,
  keys: StatementKeys,
  crypto: VerifierCrypto = platformCrypto,
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
  let bytes: Uint8Array;
  try {
    bytes = signedBytes(statement);
  } catch (error) {
    return { valid: false, reason: `not canonical JSON: ${(error as Error).message}` };
  }
  const valid = crypto.verifyEd25519(key, bytes, bytesOfBase64Url(signature));
  return valid ? { valid: true, keyId } : { valid: false, reason: `the signature does not verify with key ${keyId}` };
}
