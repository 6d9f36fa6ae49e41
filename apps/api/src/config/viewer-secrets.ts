import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { DEFAULT_SQLITE_PATH, type EventStoreOptions } from '@app/event-store';

/** The organiser's token and the key player tokens are derived with (DESIGN.md "Stores": ORGANISER_TOKEN, SERVER_SECRET). */
export interface ViewerSecrets {
  organiserToken: string;
  serverSecret: string;
}

export interface ResolvedViewerSecrets extends ViewerSecrets {
  /** Where generated secrets are kept (null: nothing was generated, or the store is in memory, and so are they). */
  file: string | null;
  /** This start generated the organiser token: main.ts prints it, this once. */
  organiserTokenGenerated: boolean;
}

/** Nest injection token of the ResolvedViewerSecrets. */
export const VIEWER_SECRETS = Symbol('VIEWER_SECRETS');

export const SECRETS_FILE_NAME = 'secrets.json';

/**
 * Where generated secrets live: next to the SQLite database (the esdb store keeps them where the default database
 * would be), so that player tokens stay valid as long as the games do. A store in memory keeps them in memory.
 */
export function secretsFileFor(store: EventStoreOptions): string | null {
  const database = store.sqlitePath ?? DEFAULT_SQLITE_PATH;
  if (store.kind === 'memory' || (store.kind === 'sqlite' && database === ':memory:')) return null;
  return path.join(path.dirname(store.kind === 'sqlite' ? database : DEFAULT_SQLITE_PATH), SECRETS_FILE_NAME);
}

/**
 * Instances on one postgres store run on several machines: secrets generated into a file by each would differ
 * (one instance's player tokens refused by the next), so that store needs both set, the same on every instance.
 */
export function assertSecretsSharedByInstances(store: EventStoreOptions, given: Partial<ViewerSecrets>): void {
  if (store.kind !== 'postgres') return;
  const missing = [
    given.organiserToken === undefined ? 'ORGANISER_TOKEN' : null,
    given.serverSecret === undefined ? 'SERVER_SECRET' : null,
  ].filter((name) => name !== null);
  if (missing.length > 0) {
    throw new TypeError(
      `EVENT_STORE=postgres needs ${missing.join(' and ')}: every instance on the shared store must use the same ` +
        'organiser token and server secret (e.g. from `openssl rand -base64 32`)',
    );
  }
}

function fresh(): ViewerSecrets {
  return { organiserToken: randomBytes(32).toString('base64url'), serverSecret: randomBytes(32).toString('base64url') };
}

function readSecrets(file: string): ViewerSecrets | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let parsed: Partial<ViewerSecrets> | undefined;
  try {
    parsed = JSON.parse(text) as Partial<ViewerSecrets>;
  } catch {
    parsed = undefined;
  }
  const valid = (value: unknown) => typeof value === 'string' && value.length >= 16;
  if (!valid(parsed?.organiserToken) || !valid(parsed?.serverSecret)) {
    throw new Error(
      `${file} is not a secrets file this service wrote; move it away to generate new secrets ` +
        '(player tokens given out so far then stop working), or set ORGANISER_TOKEN and SERVER_SECRET',
    );
  }
  return { organiserToken: parsed?.organiserToken as string, serverSecret: parsed?.serverSecret as string };
}

/**
 * The file's secrets, created (owner-only, 0600) if there is none. Several processes may start on one database at
 * once: the new file is written aside and linked into place, which fails if another process got there first —
 * then that one's secrets are read, so that all of them agree.
 */
function readOrCreate(file: string): { secrets: ViewerSecrets; created: boolean } {
  const existing = readSecrets(file);
  if (existing) return { secrets: existing, created: false };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secrets = fresh();
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(aside, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(aside, file);
    return { secrets, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { secrets: readSecrets(file) as ViewerSecrets, created: false };
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

/**
 * The configured secrets win; whatever is not configured comes from the secrets file, generated at the first start
 * (node:crypto, 256 bits each). Nothing here logs a secret: main.ts prints a generated organiser token once.
 */
export function resolveViewerSecrets(given: Partial<ViewerSecrets>, file: string | null): ResolvedViewerSecrets {
  const { organiserToken, serverSecret } = given;
  if (organiserToken !== undefined && serverSecret !== undefined) {
    return { organiserToken, serverSecret, file: null, organiserTokenGenerated: false };
  }
  const { secrets, created } = file === null ? { secrets: fresh(), created: true } : readOrCreate(file);
  return {
    organiserToken: organiserToken ?? secrets.organiserToken,
    serverSecret: serverSecret ?? secrets.serverSecret,
    file,
    organiserTokenGenerated: organiserToken === undefined && created,
  };
}
