import * as fs from 'node:fs';
import * as path from 'node:path';
import { createPublicKey, randomBytes } from 'node:crypto';
import { type EventStoreOptions, secretsFolderFor } from '@app/event-store';
import { generateSigningKeyPem, parsePublicKeys, parseSigningKey, publicKeyPem } from '../receipts/signing-key';

/**
 * What the service generates at its first start and keeps (mode 0600) next to its store: the organiser's token,
 * the key player tokens are derived with, the key receipts are signed with, and the public halves of the receipt
 * keys it signed with before a rotation.
 */
export interface ServiceSecrets {
  organiserToken: string;
  serverSecret: string;
  /** Ed25519, PKCS8 PEM. */
  receiptSigningKey: string;
  /** SPKI PEM, newest first: still listed at `/.well-known/sanctum-keys`, so older receipts keep verifying. */
  retiredReceiptKeys: string[];
}

export const SECRETS_FILE_NAME = 'secrets.json';

/** How long a start waits for another process that is writing the secrets file. */
const LOCK_WAIT_MS = 10_000;

/**
 * Where generated secrets live: where the store keeps them (next to a SQLite database, so that player tokens and
 * receipt keys stay valid as long as the games do; see the store library's store kinds), or nowhere lasting.
 */
export function secretsFileFor(store: EventStoreOptions): string | null {
  const folder = secretsFolderFor(store);
  return folder === null ? null : path.join(folder, SECRETS_FILE_NAME);
}

export function freshSecrets(): ServiceSecrets {
  return {
    organiserToken: randomBytes(32).toString('base64url'),
    serverSecret: randomBytes(32).toString('base64url'),
    receiptSigningKey: generateSigningKeyPem(),
    retiredReceiptKeys: [],
  };
}

function notOurs(file: string, why: string): Error {
  return new Error(
    `${file} is not a secrets file this service wrote (${why}); move it away to generate new secrets ` +
      '(player tokens given out so far then stop working), or set ORGANISER_TOKEN, SERVER_SECRET and RECEIPT_SIGNING_KEY',
  );
}

/**
 * The file's secrets (undefined: no file). A file written before receipts existed has no receipt key: it comes
 * back without one (`receiptSigningKey: undefined`) and is completed under the lock by loadServiceSecrets.
 */
export function readServiceSecrets(
  file: string,
): (Omit<ServiceSecrets, 'receiptSigningKey'> & { receiptSigningKey?: string }) | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw notOurs(file, 'not JSON');
  }
  if (parsed === null || typeof parsed !== 'object') throw notOurs(file, 'not a JSON object');
  const token = (value: unknown) => typeof value === 'string' && value.length >= 16;
  if (!token(parsed.organiserToken)) throw notOurs(file, 'organiserToken is missing or too short');
  if (!token(parsed.serverSecret)) throw notOurs(file, 'serverSecret is missing or too short');
  const { receiptSigningKey, retiredReceiptKeys = [] } = parsed;
  if (receiptSigningKey !== undefined) {
    if (typeof receiptSigningKey !== 'string') throw notOurs(file, 'receiptSigningKey is not a PEM text');
    parseSigningKey(receiptSigningKey, `${file}: receiptSigningKey`);
  }
  if (!Array.isArray(retiredReceiptKeys) || retiredReceiptKeys.some((key) => typeof key !== 'string')) {
    throw notOurs(file, 'retiredReceiptKeys is not a list of PEM texts');
  }
  retiredReceiptKeys.forEach((key: string, i) => parsePublicKeys(key, `${file}: retiredReceiptKeys[${i}]`));
  return {
    organiserToken: parsed.organiserToken as string,
    serverSecret: parsed.serverSecret as string,
    receiptSigningKey: receiptSigningKey as string | undefined,
    retiredReceiptKeys: retiredReceiptKeys as string[],
  };
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `change` holding `<file>.lock` (created exclusively), so that processes starting together on one store, or a
 * rotation, never write over each other: the one that holds the lock re-reads the file and writes the whole new
 * text aside, then renames it into place (a reader sees the old file or the new one, never half of one).
 */
function underLock<T>(file: string, change: () => T): T {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const lock = `${file}.lock`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.closeSync(fs.openSync(lock, 'wx', 0o600));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) {
        throw new Error(
          `${lock} has been held for ${LOCK_WAIT_MS / 1000} s: if no other process is writing ${file}, delete it`,
        );
      }
      sleep(20);
    }
  }
  try {
    return change();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

function write(file: string, secrets: ServiceSecrets): void {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(aside, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  fs.renameSync(aside, file);
}

/**
 * The secrets of the file, created at the first start (node:crypto: 256 bits each, an Ed25519 key) and completed
 * with a receipt key when it was written before receipts; `created` tells that this call wrote the organiser token.
 * Without a file (a store in memory), fresh secrets for this process only.
 */
export function loadServiceSecrets(file: string | null): { secrets: ServiceSecrets; created: boolean } {
  if (file === null) return { secrets: freshSecrets(), created: true };
  const found = readServiceSecrets(file);
  if (found?.receiptSigningKey !== undefined) return { secrets: found as ServiceSecrets, created: false };
  return underLock(file, () => {
    const again = readServiceSecrets(file);
    if (again?.receiptSigningKey !== undefined) return { secrets: again as ServiceSecrets, created: false };
    const secrets: ServiceSecrets = again ? { ...again, receiptSigningKey: generateSigningKeyPem() } : freshSecrets();
    write(file, secrets);
    return { secrets, created: again === undefined };
  });
}

/**
 * `sanctum rotate-receipt-key`: a new signing key; the old one's public half goes to the front of
 * retiredReceiptKeys (and so stays listed). Processes started before keep signing with the old key until restarted.
 */
export function rotateReceiptSigningKey(file: string): { retired: string; secrets: ServiceSecrets } {
  return underLock(file, () => {
    const current = readServiceSecrets(file);
    if (current === undefined) throw new Error(`there is no secrets file at ${file}: start the service once first`);
    const old = current.receiptSigningKey;
    const retired = old === undefined ? [] : [publicKeyPem(createPublicKey(parseSigningKey(old, file)))];
    const secrets: ServiceSecrets = {
      ...current,
      receiptSigningKey: generateSigningKeyPem(),
      retiredReceiptKeys: [...retired, ...current.retiredReceiptKeys],
    };
    write(file, secrets);
    return { retired: retired[0] ?? '', secrets };
  });
}
