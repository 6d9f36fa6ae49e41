import { DEFAULT_SQLITE_PATH, type EventStoreOptions, eventStoreOptionsFromEnv } from '@app/event-store';
import { type ReceiptKeySettings, receiptKeySettingsFromEnv } from '@app/games';

/** Everything the HTTP service is configured with (DESIGN.md "Stores"; read from the environment or `.env`). */
export interface ApiConfig {
  /** PORT (default 3000; 0 picks a free port). */
  port: number;
  /** EVENT_STORE, SQLITE_PATH, ESDB_CONNECTION_STRING. */
  store: EventStoreOptions;
  /** GC_SCHEDULER=off leaves the end-of-turn garbage collection to another process (tests, read replicas). */
  gcScheduler: boolean;
  /** LOG_LEVEL: a pino level (`silent` to mute, e.g. in tests). */
  logLevel: string;
  /** BODY_LIMIT: the largest JSON body accepted (bytes, or `1mb` and the like); larger ones get 413. */
  bodyLimit: string;
  /** SSE_HEARTBEAT_MS: a comment line every so often keeps idle streams open through proxies (0: never). */
  sseHeartbeatMs: number;
  /** SHUTDOWN_GRACE_MS: how long shutdown waits for commands that are being handled. */
  shutdownGraceMs: number;
  /** ORGANISER_TOKEN: the organiser's bearer token (unset: generated at the first start and kept, see viewer-secrets). */
  organiserToken?: string;
  /** SERVER_SECRET: the key player tokens are derived with (unset: generated at the first start and kept). */
  serverSecret?: string;
  /**
   * RECEIPT_SIGNING_KEY (Ed25519, PKCS8 PEM) and RECEIPT_RETIRED_KEYS (SPKI PEMs still listed); unset: the key is
   * generated at the first start and kept with the other secrets.
   */
  receiptKeys: ReceiptKeySettings;
}

/** Nest injection token of the resolved ApiConfig (also at `ConfigService.get('api')`). */
export const API_CONFIG = Symbol('API_CONFIG');
export const API_CONFIG_NAMESPACE = 'api';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max) {
    throw new TypeError(`${name} must be a whole number from 0 to ${max}, got '${raw}'`);
  }
  return Number(raw);
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new TypeError(`${name} must be on or off, got '${env[name]}'`);
}

/** A bearer token as RFC 6750 allows it (token68), long enough not to be guessed. */
const TOKEN = /^[A-Za-z0-9._~+/-]{16,512}=*$/;

/** A secret setting: absent, or checked (its value never appears in the message). */
function secret(env: NodeJS.ProcessEnv, name: string, rule: RegExp, what: string): string | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!rule.test(raw)) throw new TypeError(`${name} must be ${what}`);
  return raw;
}

/** Reads the configuration; a bad value stops the start with a message naming the variable. */
export function apiConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const logLevel = (env.LOG_LEVEL ?? 'info').trim().toLowerCase() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new TypeError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${env.LOG_LEVEL}'`);
  }
  return {
    port: integer(env, 'PORT', 3000, 65535),
    store: eventStoreOptionsFromEnv(env),
    gcScheduler: onOff(env, 'GC_SCHEDULER', true),
    logLevel,
    bodyLimit: env.BODY_LIMIT?.trim() || '1mb',
    sseHeartbeatMs: integer(env, 'SSE_HEARTBEAT_MS', 15_000),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 10_000),
    organiserToken: secret(
      env,
      'ORGANISER_TOKEN',
      TOKEN,
      '16 to 512 characters of letters, digits and -._~+/ (a bearer token)',
    ),
    serverSecret: secret(env, 'SERVER_SECRET', /^\S{16,}$/, 'at least 16 characters without spaces'),
    receiptKeys: receiptKeySettingsFromEnv(env),
  };
}

/** Describes the store for the start-up line and /health without leaking credentials of a connection string. */
export function describeStore(store: EventStoreOptions): string {
  switch (store.kind) {
    case 'sqlite':
      return `sqlite (${store.sqlitePath ?? DEFAULT_SQLITE_PATH})`;
    case 'esdb':
      return `esdb (${(store.esdbConnectionString ?? '').replace(/\/\/[^@/]*@/, '//***@')})`;
    default:
      return store.kind;
  }
}
