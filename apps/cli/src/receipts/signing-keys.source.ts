import type { KeyObject } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import {
  SigningKeyInvalidError,
  keysById,
  keysOfPublished,
  parsePublicKeys,
  parseSigningKey,
  readServiceSecrets,
  receiptKeySettingsFromEnv,
  resolveReceiptKeyRing,
  secretsFileFor,
  type ReceiptKeyRing,
} from '@app/games';
import { createPublicKey } from 'node:crypto';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';
import { userPath } from '../user-path';

/** Public keys to check signatures against, and how messages name where they came from. */
export interface SigningKeys {
  keys: Map<string, KeyObject>;
  name: string;
}

const FETCH_TIMEOUT_MS = 10_000;

function invalid(message: string): CliFailure {
  return new CliFailure(EXIT.invalidInput, message);
}

/** A `{"keys": [...]}` document or PEM public keys, from a text. */
function keysOfText(text: string, where: string): Map<string, KeyObject> {
  try {
    if (text.trimStart().startsWith('{')) return keysOfPublished(JSON.parse(text), where);
    return keysById(parsePublicKeys(text, where));
  } catch (error) {
    if (error instanceof SigningKeyInvalidError) throw invalid(error.message);
    if (error instanceof SyntaxError) throw invalid(`${where}: not valid JSON: ${error.message}`);
    throw error;
  }
}

/**
 * `--key URL|PEM`: the service's `GET /.well-known/sanctum-keys` (an http(s) URL), a file holding that answer or
 * PEM public keys, or PEM text itself. A judge uses the keys document the players kept, or fetches it.
 */
export async function signingKeysFrom(given: string): Promise<SigningKeys> {
  if (/^https?:\/\//i.test(given)) {
    let text: string;
    try {
      const response = await fetch(given, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      text = await response.text();
    } catch (error) {
      throw invalid(`--key ${given}: cannot fetch the keys: ${(error as Error).message}`);
    }
    return { keys: keysOfText(text, `--key ${given}`), name: given };
  }
  if (given.includes('-----BEGIN')) return { keys: keysOfText(given, '--key'), name: 'the PEM given' };
  const file = userPath(given);
  if (!existsSync(file) || !statSync(file).isFile()) {
    throw invalid(`--key ${given}: not an http(s) URL, a PEM text, or a file that exists`);
  }
  return { keys: keysOfText(readFileSync(file, 'utf8'), `--key ${given}`), name: given };
}

/** The configured store's secrets file, as the service finds it (SQLITE_PATH, EVENT_STORE; `.env` when present). */
async function configuredSecretsFile(): Promise<string | null> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { eventStoreOptionsFromEnv } = await import('@app/event-store');
  try {
    return secretsFileFor(eventStoreOptionsFromEnv(process.env));
  } catch (error) {
    throw invalid((error as Error).message);
  }
}

function settingsFromEnv(): ReturnType<typeof receiptKeySettingsFromEnv> {
  try {
    return receiptKeySettingsFromEnv(process.env);
  } catch (error) {
    throw invalid((error as Error).message);
  }
}

/**
 * Without `--key`: the keys of the service configured here (RECEIPT_SIGNING_KEY, RECEIPT_RETIRED_KEYS, and the
 * secrets file next to the store), read only — nothing is generated. Null when there are none.
 */
export async function configuredSigningKeys(): Promise<SigningKeys | null> {
  const settings = settingsFromEnv();
  const file = await configuredSecretsFile();
  const stored = file === null ? undefined : readServiceSecrets(file);
  const publicKeys: KeyObject[] = [];
  if (settings.signingKey)
    publicKeys.push(createPublicKey(parseSigningKey(settings.signingKey, 'RECEIPT_SIGNING_KEY')));
  if (stored?.receiptSigningKey)
    publicKeys.push(createPublicKey(parseSigningKey(stored.receiptSigningKey, String(file))));
  for (const pem of stored?.retiredReceiptKeys ?? []) publicKeys.push(...parsePublicKeys(pem, String(file)));
  if (settings.retiredKeys) publicKeys.push(...parsePublicKeys(settings.retiredKeys, 'RECEIPT_RETIRED_KEYS'));
  if (publicKeys.length === 0) return null;
  return { keys: keysById(publicKeys), name: `the keys of the configured service (${file ?? 'environment'})` };
}

/** The configured service's signing key ring (to recompute receipts, as the service would); read only. */
export async function configuredKeyRing(): Promise<ReceiptKeyRing> {
  const settings = settingsFromEnv();
  const file = await configuredSecretsFile();
  if (
    settings.signingKey === undefined &&
    (file === null || readServiceSecrets(file)?.receiptSigningKey === undefined)
  ) {
    throw invalid(
      `no receipt signing key here: set RECEIPT_SIGNING_KEY, or run where the service keeps its secrets file (${file ?? 'none for a store in memory'})`,
    );
  }
  return resolveReceiptKeyRing(settings, file);
}
