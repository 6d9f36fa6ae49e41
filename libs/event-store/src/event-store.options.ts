export type EventStoreKind = 'sqlite' | 'esdb' | 'memory';

/** How to build the stores (DESIGN.md "Stores"). */
export interface EventStoreOptions {
  kind: EventStoreKind;
  /** sqlite file (default `./data/sanctum.db`). */
  sqlitePath?: string;
  /** Required for esdb, e.g. `esdb://localhost:2113?tls=false`. */
  esdbConnectionString?: string;
  /** sqlite: how often live subscriptions poll for appends by other processes (default 250 ms). */
  pollIntervalMs?: number;
  /** sqlite: how long an append waits for another process's write lock, off the event loop (default 5000 ms). */
  sqliteLockWaitMs?: number;
}

export const DEFAULT_SQLITE_PATH = './data/sanctum.db';

function milliseconds(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,9}$/.test(raw)) throw new TypeError(`${name} must be a whole number of milliseconds, got '${raw}'`);
  return Number(raw);
}

/** EVENT_STORE (sqlite | esdb | memory, default sqlite), SQLITE_PATH, SQLITE_LOCK_WAIT_MS, ESDB_CONNECTION_STRING. */
export function eventStoreOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): EventStoreOptions {
  const kind = (env.EVENT_STORE ?? 'sqlite').trim().toLowerCase();
  if (kind !== 'sqlite' && kind !== 'esdb' && kind !== 'memory') {
    throw new TypeError(`EVENT_STORE must be sqlite, esdb or memory, got '${env.EVENT_STORE}'`);
  }
  return {
    kind,
    sqlitePath: env.SQLITE_PATH || undefined,
    esdbConnectionString: env.ESDB_CONNECTION_STRING || undefined,
    sqliteLockWaitMs: milliseconds(env, 'SQLITE_LOCK_WAIT_MS'),
  };
}
