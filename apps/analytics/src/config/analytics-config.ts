import { type EventStoreOptions, eventStoreOptionsFromEnv } from '@app/event-store';

/** Everything the analytics consumer is configured with (read from the environment or `.env`). */
export interface AnalyticsConfig {
  /** EVENT_STORE, SQLITE_PATH, ESDB_CONNECTION_STRING: the same store the API writes to. */
  store: EventStoreOptions;
  /** ANALYTICS_DB: the consumer's own SQLite file (read models and checkpoint). */
  databasePath: string;
  /** ANALYTICS_BATCH_SIZE: at most this many events per transaction. */
  batchSize: number;
  /** ANALYTICS_BATCH_MS: how long a live batch may wait to fill up before it is written anyway. */
  batchMs: number;
  /**
   * ANALYTICS_THROTTLE_MS: a pause after every batch written (default 0). With `--once` it spaces out the reads
   * too, so a long rebuild leaves room for the API on a shared store; live, the events read meanwhile wait in
   * memory. The restart test uses it to be sure its kill lands in the middle of the stream.
   */
  throttleMs: number;
  /** LOG_LEVEL: as for the API (`silent`, `error`, `warn`, `info`, `debug`…); logs go to stderr. */
  logLevel: string;
  /**
   * `--from-url` (or ANALYTICS_URL): read the service's HTTP streams at this address instead of the store; the
   * store settings are then unused.
   */
  fromUrl?: string;
  /** ANALYTICS_TOKEN: the bearer token sent with `--from-url` (none: the public view). */
  token?: string;
  /** ANALYTICS_REPORT_MS: how often a following consumer writes its progress line on stderr (0: never). */
  reportMs: number;
}

export const DEFAULT_ANALYTICS_DB = './data/analytics.db';

/** Nest injection token of the resolved AnalyticsConfig. */
export const ANALYTICS_CONFIG = Symbol('ANALYTICS_CONFIG');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || !Number.isSafeInteger(Number(raw))) {
    throw new TypeError(`${name} must be a whole number from ${min}, got '${raw}'`);
  }
  return Number(raw);
}

/** Reads the configuration; a bad value stops the start with a message naming the variable. */
export function analyticsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AnalyticsConfig {
  const logLevel = (env.LOG_LEVEL ?? 'info').trim().toLowerCase() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new TypeError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${env.LOG_LEVEL}'`);
  }
  return {
    store: eventStoreOptionsFromEnv(env),
    databasePath: env.ANALYTICS_DB?.trim() || DEFAULT_ANALYTICS_DB,
    batchSize: integer(env, 'ANALYTICS_BATCH_SIZE', 500, 1),
    batchMs: integer(env, 'ANALYTICS_BATCH_MS', 200, 1),
    throttleMs: integer(env, 'ANALYTICS_THROTTLE_MS', 0),
    logLevel,
    fromUrl: serviceUrl(env.ANALYTICS_URL),
    token: env.ANALYTICS_TOKEN?.trim() || undefined,
    reportMs: integer(env, 'ANALYTICS_REPORT_MS', 5000),
  };
}

/** An http(s) address, or undefined when not given; anything else is refused with the name of its source. */
export function serviceUrl(raw: string | undefined, source = 'ANALYTICS_URL'): string | undefined {
  const value = raw?.trim();
  if (value === undefined || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${source} must be the service's address (http://host:port), got '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`${source} must be an http:// or https:// address, got '${value}'`);
  }
  return value;
}
