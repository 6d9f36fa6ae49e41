import type { KeyObject } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import {
  C2spFormatError,
  type NoteVerifierKey,
  SigningKeyInvalidError,
  keysById,
  keysOfPublished,
  noteVerifierKeyOf,
  parsePublicKeys,
  parseSigningKey,
  parseVerifierKey,
  publicKeyOfNoteKey,
  readServiceSecrets,
  receiptKeySettingsFromEnv,
  resolveReceiptKeyRing,
  secretsFileFor,
  tournamentLogOriginFromEnv,
  webNoteCrypto,
  type ReceiptKeyRing,
} from '@app/games';
import { createPublicKey } from 'node:crypto';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';
import { userPath } from '../user-path';

/** Public keys to check signatures against, and how messages name where they came from. */
export interface SigningKeys {
  /** By key id: what receipts, heads and tree heads (JSON) are checked against. */
  keys: Map<string, KeyObject>;
  /** The C2SP verifier keys the tournament log's checkpoints are opened with (none from PEM keys alone). */
  noteKeys: NoteVerifierKey[];
  name: string;
}

const FETCH_TIMEOUT_MS = 10_000;

function invalid(message: string): CliFailure {
  return new CliFailure(EXIT.invalidInput, message);
}

/** A C2SP verifier key: `<name>+<8 hex digits>+<base64>`. */
const VERIFIER_KEY = /^[^+\s]+\+[0-9a-fA-F]{8}\+[A-Za-z0-9+/=]+$/;

async function noteKeyOf(text: string, where: string): Promise<NoteVerifierKey> {
  try {
    return await parseVerifierKey(text, webNoteCrypto);
  } catch (error) {
    if (error instanceof C2spFormatError) throw invalid(`${where}: ${error.message}`);
    throw error;
  }
}

/** The `vkey` of each entry of a keys document (the service lists one per key); entries without one are skipped. */
async function noteKeysOfPublished(document: { keys?: unknown }, where: string): Promise<NoteVerifierKey[]> {
  const entries = Array.isArray(document.keys) ? (document.keys as { vkey?: unknown }[]) : [];
  const noteKeys: NoteVerifierKey[] = [];
  for (const [i, entry] of entries.entries()) {
    if (entry?.vkey === undefined) continue;
    if (typeof entry.vkey !== 'string') throw invalid(`${where}: keys[${i}].vkey must be a verifier key text`);
    noteKeys.push(await noteKeyOf(entry.vkey, `${where}: keys[${i}].vkey`));
  }
  return noteKeys;
}

/**
 * The keys of a text: a `{"keys": [...]}` document (the service's, each key with its `vkey`), PEM public keys, or
 * C2SP verifier keys one a line — each of which is also the Ed25519 key that signs the JSON statements.
 */
async function keysOfText(text: string, where: string): Promise<Omit<SigningKeys, 'name'>> {
  try {
    if (text.trimStart().startsWith('{')) {
      const document = JSON.parse(text) as { keys?: unknown };
      return { keys: keysOfPublished(document, where), noteKeys: await noteKeysOfPublished(document, where) };
    }
    const lines = text.split('\n').map((line) => line.trim());
    if (!text.includes('-----BEGIN') && lines.some((line) => VERIFIER_KEY.test(line))) {
      const noteKeys = new Map<string, NoteVerifierKey>();
      for (const [i, line] of lines.entries()) {
        if (line !== '' && !noteKeys.has(line)) noteKeys.set(line, await noteKeyOf(line, `${where}: line ${i + 1}`));
      }
      return { keys: keysById([...noteKeys.values()].map(publicKeyOfNoteKey)), noteKeys: [...noteKeys.values()] };
    }
    return { keys: keysById(parsePublicKeys(text, where)), noteKeys: [] };
  } catch (error) {
    if (error instanceof SigningKeyInvalidError) throw invalid(error.message);
    if (error instanceof SyntaxError) throw invalid(`${where}: not valid JSON: ${error.message}`);
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
    return { ...(await keysOfText(text, `--key ${given}`)), name: given };
  }
  if (given.includes('-----BEGIN')) return { ...(await keysOfText(given, '--key')), name: 'the PEM given' };
  if (VERIFIER_KEY.test(given.trim())) return { ...(await keysOfText(given, '--key')), name: 'the verifier key given' };
  const file = userPath(given);
  if (!existsSync(file) || !statSync(file).isFile()) {
    throw invalid(`--key ${given}: not an http(s) URL, a PEM text, a verifier key, or a file that exists`);
  }
  return { ...(await keysOfText(readFileSync(file, 'utf8'), `--key ${given}`)), name: given };
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
  const keys = keysById(publicKeys);
  let origin: string;
  try {
    origin = tournamentLogOriginFromEnv(process.env);
  } catch (error) {
    throw invalid((error as Error).message);
  }
  return {
    keys,
    noteKeys: [...keys.values()].map((key) => noteVerifierKeyOf(origin, key)),
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
