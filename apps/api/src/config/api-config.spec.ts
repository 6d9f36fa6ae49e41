import { apiConfigFromEnv, describeStore } from './api-config';

describe('apiConfigFromEnv', () => {
  it('defaults to port 3000, the embedded SQLite store and the scheduler on', () => {
    expect(apiConfigFromEnv({})).toEqual({
      port: 3000,
      store: { kind: 'sqlite', sqlitePath: undefined, esdbConnectionString: undefined },
      gcScheduler: true,
      logLevel: 'info',
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

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ GC_SCHEDULER: 'sometimes' }, /GC_SCHEDULER/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
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
