import type { KeyObject } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import {
  UnusableInputError,
  VERIFIER_KEY,
  type VerificationKeys,
  keysById,
  noteKeyOfEd25519,
  verificationKeysOfText,
} from '@app/verifier';
import type { ReceiptKeyRing } from '@app/games/receipts/receipt-key-ring';
import { receiptKeySettingsFromEnv, resolveReceiptKeyRing } from '@app/games/receipts/receipt-key.settings';
import { parsePublicKeys, parseSigningKey } from '@app/games/receipts/signing-key';
import { readServiceSecrets, secretsFileFor } from '@app/games/secrets/service-secrets.file';
import { rawEd25519PublicKey } from '@app/games/tournament-log/ed25519-note-key';
import { tournamentLogOriginFromEnv } from '@app/games/tournament-log/tournament-log-origin.settings';
import { createPublicKey } from 'node:crypto';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';
import { userPath } from '../user-path';

/** Public keys to check signatures against, and how messages name where they came from (the verifier's). */
export type SigningKeys = VerificationKeys;

const FETCH_TIMEOUT_MS = 10_000;

function invalid(message: string): CliFailure {
  return new CliFailure(EXIT.invalidInput, message);
}

/** The verifier's reading of a keys text; keys that cannot be used are bad input (exit 2), named. */
async function keysOfText(text: string, where: string, name: string): Promise<SigningKeys> {
  try {
    return await verificationKeysOfText(text, where, name);
  } catch (error) {
    if (error instanceof UnusableInputError) throw invalid(error.message);
    throw error;
  }
}

/**
 * `--key URL|PEM|VKEY`: the service's `GET /.well-known/sanctum-keys` (an http(s) URL), a file holding that answer,
 * PEM public keys or verifier keys, or such a text itself. A judge uses the keys document the players kept, or
 * fetches it.
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
    return keysOfText(text, `--key ${given}`, given);
  }
  if (given.includes('-----BEGIN')) return keysOfText(given, '--key', 'the PEM given');
  if (VERIFIER_KEY.test(given.trim())) return keysOfText(given, '--key', 'the verifier key given');
  const file = userPath(given);
  if (!existsSync(file) || !statSync(file).isFile()) {
    throw invalid(`--key ${given}: not an http(s) URL, a PEM text, a verifier key, or a file that exists`);
  }
  return keysOfText(readFileSync(file, 'utf8'), `--key ${given}`, given);
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
  const keys = keysById(publicKeys.map(rawEd25519PublicKey));
  let origin: string;
  try {
    origin = tournamentLogOriginFromEnv(process.env);
  } catch (error) {
    throw invalid((error as Error).message);
  }
  return {
    keys,
    noteKeys: [...keys.values()].map((key) => noteKeyOfEd25519(origin, key)),
    name: `the keys of the configured service (${file ?? 'environment'})`,
  };
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
