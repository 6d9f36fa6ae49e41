import { apiConfigFromEnv, describeStore } from './api-config';

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
      shutdownGraceMs: 10000,
    });
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
    [{ LOG_FORMAT: 'yaml' }, /LOG_FORMAT must be pretty or json/],
    [{ EVENT_STORE: 'postgres' }, /EVENT_STORE/],
  ])('refuses %p, naming the variable', (env, message) => {
    expect(() => apiConfigFromEnv(env)).toThrow(message);
  });
});

describe('describeStore', () => {
  it('names the file of a SQLite store and hides the credentials of an EventStoreDB connection', () => {
    expect(describeStore({ kind: 'sqlite' })).toBe('sqlite (./data/sanctum.db)');
    expect(describeStore({ kind: 'esdb', esdbConnectionString: 'esdb://admin:changeit@db:2113?tls=false' })).toBe(
      'esdb (esdb://***@db:2113?tls=false)',
    );
  });
});
