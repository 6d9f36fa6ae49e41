export type EventStoreKind = 'sqlite' | 'postgres' | 'esdb' | 'memory';

/** How to build the stores (docs/design.md). */
export interface EventStoreOptions {
  kind: EventStoreKind;
  /** sqlite file (default `./data/sanctum.db`). */
  sqlitePath?: string;
  /**
   * Required for postgres: a libpq connection URI, e.g. `postgresql://sanctum:secret@db:5432/sanctum`, or with
   * libpq's list of servers, `postgresql://sanctum:secret@db1:5432,db2:5432/sanctum` (the one accepting writes is used).
   */
  postgresUrl?: string;
  /** postgres: the servers, `db1:5432,db2:5432`, in place of the URL's host. */
  postgresHosts?: string;
  /** postgres: the schema of the store's tables (default `sanctum`). */
  postgresSchema?: string;
  /** postgres: connections in each process's pool (default 10). */
  postgresPoolSize?: number;
  /** postgres: longest a statement may run before it fails as unavailable (default 10,000 ms). */
  postgresStatementTimeoutMs?: number;
  /** Required for esdb, e.g. `esdb://localhost:2113?tls=false`. */
  esdbConnectionString?: string;
  /** sqlite, postgres: how often live subscriptions poll for appends by other processes (250 ms, 1000 ms). */
  pollIntervalMs?: number;
  /** sqlite: how long an append waits for another process's write lock, off the event loop (default 5000 ms). */
  sqliteLockWaitMs?: number;
}

export const DEFAULT_SQLITE_PATH = './data/sanctum.db';

const KINDS: readonly EventStoreKind[] = ['sqlite', 'postgres', 'esdb', 'memory'];

function positiveInteger(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)) || Number(raw) < 1) {
    throw new TypeError(`${name} must be a whole number of at least 1, got '${raw}'`);
  }
  return Number(raw);
}

function milliseconds(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,9}$/.test(raw)) throw new TypeError(`${name} must be a whole number of milliseconds, got '${raw}'`);
  return Number(raw);
}

/**
 * EVENT_STORE (sqlite | postgres | esdb | memory, default sqlite), SQLITE_PATH, POSTGRES_URL, POSTGRES_HOSTS, POSTGRES_SCHEMA,
 * POSTGRES_POOL_SIZE, POSTGRES_STATEMENT_TIMEOUT_MS, SQLITE_LOCK_WAIT_MS, ESDB_CONNECTION_STRING.
 */
export function eventStoreOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): EventStoreOptions {
  const kind = (env.EVENT_STORE ?? 'sqlite').trim().toLowerCase() as EventStoreKind;
  if (!KINDS.includes(kind)) {
    throw new TypeError(`EVENT_STORE must be sqlite, postgres, esdb or memory, got '${env.EVENT_STORE}'`);
  }
  if (kind === 'postgres' && !env.POSTGRES_URL?.trim()) {
    throw new TypeError('EVENT_STORE=postgres needs POSTGRES_URL, e.g. postgresql://user:password@host:5432/database');
  }
  if (kind === 'esdb' && !env.ESDB_CONNECTION_STRING?.trim()) {
    throw new TypeError('EVENT_STORE=esdb needs ESDB_CONNECTION_STRING, e.g. esdb://localhost:2113?tls=false');
  }
  return {
    kind,
    sqlitePath: env.SQLITE_PATH || undefined,
    postgresUrl: env.POSTGRES_URL?.trim() || undefined,
    postgresHosts: env.POSTGRES_HOSTS?.trim() || undefined,
    postgresSchema: env.POSTGRES_SCHEMA?.trim() || undefined,
    postgresPoolSize: positiveInteger(env, 'POSTGRES_POOL_SIZE'),
    postgresStatementTimeoutMs: positiveInteger(env, 'POSTGRES_STATEMENT_TIMEOUT_MS'),
    esdbConnectionString: env.ESDB_CONNECTION_STRING || undefined,
    sqliteLockWaitMs: milliseconds(env, 'SQLITE_LOCK_WAIT_MS'),
  };
}
