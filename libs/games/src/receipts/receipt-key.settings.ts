import { type KeyObject, createPublicKey } from 'node:crypto';
import { loadServiceSecrets, readServiceSecrets } from '../secrets/service-secrets.file';
import { ReceiptKeyRing } from './receipt-key-ring';
import { parsePublicKeys, parseSigningKey, SigningKeyInvalidError } from './signing-key';

/** RECEIPT_SIGNING_KEY and RECEIPT_RETIRED_KEYS, as read (PEM texts). */
export interface ReceiptKeySettings {
  /** The Ed25519 key receipts are signed with (PKCS8 PEM); unset: the one in the secrets file. */
  signingKey?: string;
  /** Public halves of keys that signed before (SPKI PEM, one after the other): listed, never used to sign. */
  retiredKeys?: string;
}

/** A PEM in one environment line: `\n` stands for a line break (how most deployment tools pass them). */
function pemFromEnv(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  return value === undefined || value === '' ? undefined : value.replace(/\\n/g, '\n');
}

/** Reads and checks both settings; a bad value stops the start with a message naming the variable, never the key. */
export function receiptKeySettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ReceiptKeySettings {
  const signingKey = pemFromEnv(env.RECEIPT_SIGNING_KEY);
  const retiredKeys = pemFromEnv(env.RECEIPT_RETIRED_KEYS);
  try {
    if (signingKey !== undefined) parseSigningKey(signingKey, 'RECEIPT_SIGNING_KEY');
    if (retiredKeys !== undefined) parsePublicKeys(retiredKeys, 'RECEIPT_RETIRED_KEYS');
  } catch (error) {
    if (error instanceof SigningKeyInvalidError) throw new TypeError(error.message);
    throw error;
  }
  return { ...(signingKey && { signingKey }), ...(retiredKeys && { retiredKeys }) };
}

/**
 * The key ring: the configured key signs, else the secrets file's (generated at the first start, so every process
 * on one store signs with the same key). Listed besides: the file's key when another one signs (it signed
 * before RECEIPT_SIGNING_KEY was set), the file's retired keys, and RECEIPT_RETIRED_KEYS.
 */
export function resolveReceiptKeyRing(settings: ReceiptKeySettings, file: string | null): ReceiptKeyRing {
  const stored =
    settings.signingKey === undefined
      ? loadServiceSecrets(file).secrets
      : file === null
        ? undefined
        : readServiceSecrets(file);
  const signing = parseSigningKey(
    settings.signingKey ?? (stored?.receiptSigningKey as string),
    'the receipt signing key',
  );
  const earlier: KeyObject[] = [];
  if (stored?.receiptSigningKey !== undefined)
    earlier.push(createPublicKey(parseSigningKey(stored.receiptSigningKey, 'receiptSigningKey')));
  for (const pem of stored?.retiredReceiptKeys ?? []) earlier.push(...parsePublicKeys(pem, 'retiredReceiptKeys'));
  if (settings.retiredKeys !== undefined)
    earlier.push(...parsePublicKeys(settings.retiredKeys, 'RECEIPT_RETIRED_KEYS'));
  return new ReceiptKeyRing(signing, earlier);
}
