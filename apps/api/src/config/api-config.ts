import { isIP } from 'node:net';
import { type EventStoreOptions, eventStoreOptionsFromEnv } from '@app/event-store';
import { type LogFormat, logFormatFromEnv } from '../logging/log-format';
import { type ReceiptKeySettings, receiptKeySettingsFromEnv, tournamentLogOriginFromEnv } from '@app/games';

/** Everything the HTTP service is configured with (docs/design.md; read from the environment or `.env`). */
export interface ApiConfig {
  /** PORT (default 3000; 0 picks a free port). */
  port: number;
  /** HOST: the address to listen on (default: every address of the machine, as Node listens). */
  host?: string;
  /** EVENT_STORE, SQLITE_PATH, POSTGRES_URL (and POSTGRES_*), ESDB_CONNECTION_STRING. */
  store: EventStoreOptions;
  /** GC_SCHEDULER=off leaves the end-of-turn garbage collection to another process (tests, read replicas). */
  gcScheduler: boolean;
  /** LOG_LEVEL: a pino level (`silent` to mute, e.g. in tests). */
  logLevel: string;
  /** LOG_FORMAT: `pretty` (short human lines) or `json` (JSON lines); default pretty on a terminal, else json. */
  logFormat: LogFormat;
  /** BODY_LIMIT: the largest JSON body accepted (bytes, or `1mb` and the like); larger ones get 413. */
  bodyLimit: string;
  /** SSE_HEARTBEAT_MS: a comment line every so often keeps idle streams open through proxies (0: never). */
  sseHeartbeatMs: number;
  /** SSE_MAX_CLIENTS: event streams this process keeps open at once; one more gets 503 with Retry-After. */
  sseMaxClients: number;
  /**
   * SSE_MAX_BUFFERED_BYTES: bytes written to event streams and not yet read by their clients, all streams together;
   * past it, the clients furthest behind are told where to resume and closed, and new streams get 503.
   */
  sseMaxBufferedBytes: number;
  /**
   * SSE_FALLEN_BEHIND_GRACE_MS: how long a stream that fell behind may go on being read (its last event says where to
   * resume) before its connection is cut and what it held freed; also the Retry-After of a refused stream.
   */
  sseFallenBehindGraceMs: number;
  /**
   * SHUTDOWN_GRACE_MS: after SIGTERM/SIGINT, how long the server goes on answering (new commands refused with 503)
   * while the work under way finishes; an `app.close()` waits for that work only, up to as long.
   */
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
  /** METRICS=off turns `GET /metrics` and the counting off (default on). */
  metrics: boolean;
  /** METRICS_PORT: also serve `GET /metrics`, without a token, on this port (unset: only on the main port). */
  metricsPort?: number;
  /** METRICS_HOST: the address of METRICS_PORT (default HOST). */
  metricsHost?: string;
  /**
   * TOURNAMENT_LOG_ORIGIN: the tournament log's identity in its C2SP checkpoints (their first line, and the name of
   * the key that signs them), e.g. the tournament's host name; default `localhost/sanctum-log`.
   */
  tournamentLogOrigin: string;
}

/** Nest injection token of the resolved ApiConfig (also at `ConfigService.get('api')`). */
export const API_CONFIG = Symbol('API_CONFIG');
export const API_CONFIG_NAMESPACE = 'api';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function integer(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  max = Number.MAX_SAFE_INTEGER,
  min = 0,
): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new TypeError(`${name} must be a whole number from ${min} to ${max}, got '${raw}'`);
  }
  return Number(raw);
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  return integer(env, name, fallback, max, 1);
}

/** The longest delay a Node timer keeps (a longer one fires at once). */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

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

/** An IP address or a host name (`localhost`, `api.internal`), never a URL or a list. */
const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

function host(env: NodeJS.ProcessEnv, name = 'HOST'): string | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (isIP(raw) === 0 && !HOST_NAME.test(raw)) {
    throw new TypeError(`${name} must be an IP address or a host name to listen on, got '${raw}'`);
  }
  return raw;
}

/**
 * Reads the configuration; a bad value stops the start with a message naming the variable. `stdoutIsTerminal`
 * decides the default LOG_FORMAT.
 */
export function apiConfigFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  stdoutIsTerminal = process.stdout.isTTY === true,
): ApiConfig {
  const logLevel = (env.LOG_LEVEL ?? 'info').trim().toLowerCase() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new TypeError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${env.LOG_LEVEL}'`);
  }
  return {
    port: integer(env, 'PORT', 3000, 65535),
    host: host(env),
    store: eventStoreOptionsFromEnv(env),
    gcScheduler: onOff(env, 'GC_SCHEDULER', true),
    logLevel,
    logFormat: logFormatFromEnv(env.LOG_FORMAT, stdoutIsTerminal),
    bodyLimit: env.BODY_LIMIT?.trim() || '1mb',
    sseHeartbeatMs: integer(env, 'SSE_HEARTBEAT_MS', 15_000),
    sseMaxClients: positive(env, 'SSE_MAX_CLIENTS', 1000),
    sseMaxBufferedBytes: positive(env, 'SSE_MAX_BUFFERED_BYTES', 64 * 1024 * 1024),
    sseFallenBehindGraceMs: positive(env, 'SSE_FALLEN_BEHIND_GRACE_MS', 2_000, LONGEST_TIMER_MS),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 5_000),
    organiserToken: secret(
      env,
      'ORGANISER_TOKEN',
      TOKEN,
      '16 to 512 characters of letters, digits and -._~+/ (a bearer token)',
    ),
    serverSecret: secret(env, 'SERVER_SECRET', /^\S{16,}$/, 'at least 16 characters without spaces'),
    receiptKeys: receiptKeySettingsFromEnv(env),
    metrics: onOff(env, 'METRICS', true),
    metricsPort: env.METRICS_PORT?.trim() ? integer(env, 'METRICS_PORT', 0, 65535) : undefined,
    metricsHost: host(env, 'METRICS_HOST'),
    tournamentLogOrigin: tournamentLogOriginFromEnv(env),
  };
}
