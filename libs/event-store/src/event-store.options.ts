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
}

export const DEFAULT_SQLITE_PATH = './data/sanctum.db';

/** EVENT_STORE (sqlite | esdb | memory, default sqlite), SQLITE_PATH, ESDB_CONNECTION_STRING. */
export function eventStoreOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): EventStoreOptions {
  const kind = (env.EVENT_STORE ?? 'sqlite').trim().toLowerCase();
  if (kind !== 'sqlite' && kind !== 'esdb' && kind !== 'memory') {
    throw new TypeError(`EVENT_STORE must be sqlite, esdb or memory, got '${env.EVENT_STORE}'`);
  }
  return {
    kind,
    sqlitePath: env.SQLITE_PATH || undefined,
    esdbConnectionString: env.ESDB_CONNECTION_STRING || undefined,
  };
}
