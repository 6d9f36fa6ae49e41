import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { generateSigningKeyPem, publicKeyPem } from '@app/games';
import { apiConfigFromEnv } from './api-config';

function rsaKey(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

describe('apiConfigFromEnv', () => {
  it('defaults to port 3000, the embedded SQLite store and the scheduler on', () => {
    expect(apiConfigFromEnv({}, false)).toEqual({
      port: 3000,
      store: { kind: 'sqlite', sqlitePath: undefined, esdbConnectionString: undefined },
      gcScheduler: true,
      logLevel: 'info',
      logFormat: 'json',
      bodyLimit: '1mb',
      sseHeartbeatMs: 15000,
      sseMaxClients: 1000,
      sseMaxBufferedBytes: 67108864,
      sseFallenBehindGraceMs: 2000,
      shutdownGraceMs: 5000,
      receiptKeys: {},
      metrics: true,
      tournamentLogOrigin: 'localhost/sanctum-log',
    });
  });

  it('reads the metrics settings: METRICS on/off, METRICS_PORT and METRICS_HOST, each checked', () => {
    expect(apiConfigFromEnv({ METRICS: 'off', METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' })).toMatchObject({
      metrics: false,
      metricsPort: 9464,
      metricsHost: '10.0.0.5',
    });
    expect(() => apiConfigFromEnv({ METRICS: 'maybe' })).toThrow(/METRICS must be on or off/);
    expect(() => apiConfigFromEnv({ METRICS_PORT: '70000' })).toThrow(
      /METRICS_PORT must be a whole number from 0 to 65535/,
    );
    expect(() => apiConfigFromEnv({ METRICS_HOST: 'http://x' })).toThrow(
      /METRICS_HOST must be an IP address or a host name/,
    );
  });

  it('reads every setting', () => {
    const config = apiConfigFromEnv({
      PORT: '8080',
      EVENT_STORE: 'memory',
      GC_SCHEDULER: 'off',
      LOG_LEVEL: 'silent',
      BODY_LIMIT: '64kb',
      SQLITE_PATH: '/tmp/x.db',
    });
    expect(config).toMatchObject({
      port: 8080,
      store: { kind: 'memory', sqlitePath: '/tmp/x.db' },
      gcScheduler: false,
      logLevel: 'silent',
      bodyLimit: '64kb',
    });
  });

  it('reads the event streams’ bounds, each a whole number above 0 (the grace one a timer can wait)', () => {
    expect(
      apiConfigFromEnv({
        SSE_MAX_CLIENTS: '6',
        SSE_MAX_BUFFERED_BYTES: '1048576',
        SSE_FALLEN_BEHIND_GRACE_MS: '30000',
      }),
    ).toMatchObject({ sseMaxClients: 6, sseMaxBufferedBytes: 1048576, sseFallenBehindGraceMs: 30000 });
    expect(() => apiConfigFromEnv({ SSE_MAX_CLIENTS: '0' })).toThrow(/SSE_MAX_CLIENTS must be a whole number from 1/);
    expect(() => apiConfigFromEnv({ SSE_FALLEN_BEHIND_GRACE_MS: '0' })).toThrow(/SSE_FALLEN_BEHIND_GRACE_MS/);
    expect(() => apiConfigFromEnv({ SSE_FALLEN_BEHIND_GRACE_MS: '2147483648' })).toThrow(
      /SSE_FALLEN_BEHIND_GRACE_MS must be a whole number from 1 to 2147483647/,
    );
  });

  it('reads the postgres settings and the address to listen on', () => {
    const config = apiConfigFromEnv({
      HOST: '127.0.0.2',
      EVENT_STORE: 'postgres',
      POSTGRES_URL: ' postgresql://sanctum:pw@db:5432/games ',
      POSTGRES_SCHEMA: 'tournament',
      POSTGRES_POOL_SIZE: '4',
      POSTGRES_STATEMENT_TIMEOUT_MS: '2500',
    });
    expect(config).toMatchObject({
      host: '127.0.0.2',
      store: {
        kind: 'postgres',
        postgresUrl: 'postgresql://sanctum:pw@db:5432/games',
        postgresSchema: 'tournament',
        postgresPoolSize: 4,
        postgresStatementTimeoutMs: 2500,
      },
    });
    expect(apiConfigFromEnv({ HOST: 'localhost' }).host).toBe('localhost');
    expect(apiConfigFromEnv({ HOST: '::1' }).host).toBe('::1');
  });

  it('writes human lines to a terminal and JSON lines elsewhere, unless LOG_FORMAT says which', () => {
    expect(apiConfigFromEnv({}, true).logFormat).toBe('pretty');
    expect(apiConfigFromEnv({}, false).logFormat).toBe('json');
    expect(apiConfigFromEnv({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(apiConfigFromEnv({ LOG_FORMAT: ' Pretty ' }, false).logFormat).toBe('pretty');
  });

  it('reads the organiser token and the server secret, which are left unset by default', () => {
    expect(apiConfigFromEnv({})).toMatchObject({ organiserToken: undefined, serverSecret: undefined });
    expect(
      apiConfigFromEnv({ ORGANISER_TOKEN: ' organiser-token-0123456789 ', SERVER_SECRET: 'server-secret-0123456789' }),
    ).toMatchObject({ organiserToken: 'organiser-token-0123456789', serverSecret: 'server-secret-0123456789' });
  });

  it('reads the receipt signing key and the retired keys, with \\n for line breaks', () => {
    const key = generateSigningKeyPem();
    const retired = publicKeyPem(createPublicKey(createPrivateKey(generateSigningKeyPem())));
    const config = apiConfigFromEnv({
      RECEIPT_SIGNING_KEY: key.trim().replace(/\n/g, '\\n'),
      RECEIPT_RETIRED_KEYS: retired,
    });
    expect(config.receiptKeys).toEqual({ signingKey: key.trim(), retiredKeys: retired.trim() });
  });

  it('reads the tournament log’s origin; refuses one that cannot name its key, naming the variable', () => {
    expect(apiConfigFromEnv({ TOURNAMENT_LOG_ORIGIN: ' chess.example.org/spring-cup ' }).tournamentLogOrigin).toBe(
      'chess.example.org/spring-cup',
    );
    for (const [origin, problem] of [
      ['spring cup', /TOURNAMENT_LOG_ORIGIN must be a log origin .*holds a space or a \+/],
      ['cup+1', /TOURNAMENT_LOG_ORIGIN must be a log origin .*holds a space or a \+/],
      ['tab\there', /TOURNAMENT_LOG_ORIGIN must be a log origin/],
      ['x'.repeat(256), /TOURNAMENT_LOG_ORIGIN must be a log origin .*\(an origin is at most 255 characters\)/],
    ] as const) {
      expect(() => apiConfigFromEnv({ TOURNAMENT_LOG_ORIGIN: origin })).toThrow(problem);
    }
  });

  it.each([
    [{ RECEIPT_SIGNING_KEY: 'not a key' }, /^RECEIPT_SIGNING_KEY must be an Ed25519 private key in PKCS8 PEM/],
    [{ RECEIPT_SIGNING_KEY: rsaKey() }, /^RECEIPT_SIGNING_KEY must be an Ed25519 key, not rsa/],
    [{ RECEIPT_RETIRED_KEYS: 'nothing' }, /^RECEIPT_RETIRED_KEYS must hold Ed25519 public keys/],
  ])('refuses a receipt key that is not one, naming the variable and not the key', (env, message) => {
    expect(() => apiConfigFromEnv(env)).toThrow(message);
  });

  it.each([
    [{ ORGANISER_TOKEN: 'short' }, /^ORGANISER_TOKEN must be/],
    [{ ORGANISER_TOKEN: 'has spaces in the middle of it' }, /^ORGANISER_TOKEN must be/],
    [{ SERVER_SECRET: 'short' }, /^SERVER_SECRET must be/],
  ])('refuses a weak or malformed secret %p without repeating it', (env, message) => {
    expect(() => apiConfigFromEnv(env)).toThrow(message);
    expect(() => apiConfigFromEnv(env)).not.toThrow(Object.values(env)[0]);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ GC_SCHEDULER: 'sometimes' }, /GC_SCHEDULER/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ EVENT_STORE: 'mysql' }, /EVENT_STORE/],
    [{ EVENT_STORE: 'postgres' }, /POSTGRES_URL/],
    [{ EVENT_STORE: 'postgres', POSTGRES_URL: 'postgresql://db/x', POSTGRES_POOL_SIZE: 'many' }, /POSTGRES_POOL_SIZE/],
    [
      { EVENT_STORE: 'postgres', POSTGRES_URL: 'postgresql://db/x', POSTGRES_STATEMENT_TIMEOUT_MS: '0' },
      /POSTGRES_STATEMENT_TIMEOUT_MS/,
    ],
    [{ HOST: 'http://127.0.0.2' }, /HOST/],
    [{ HOST: '127.0.0.2 127.0.0.3' }, /HOST/],
    [{ LOG_FORMAT: 'yaml' }, /LOG_FORMAT must be pretty or json/],
  ])('refuses %p, naming the variable', (env, message) => {
    expect(() => apiConfigFromEnv(env)).toThrow(message);
  });
});
