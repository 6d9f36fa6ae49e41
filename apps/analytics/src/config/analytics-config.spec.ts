import { parseAnalyticsArgs } from './analytics-args';
import { analyticsConfigFromEnv } from './analytics-config';

describe('analyticsConfigFromEnv', () => {
  it('defaults to the API store defaults and ./data/analytics.db', () => {
    expect(analyticsConfigFromEnv({})).toEqual({
      store: { kind: 'sqlite', sqlitePath: undefined, esdbConnectionString: undefined },
      databasePath: './data/analytics.db',
      batchSize: 500,
      batchMs: 200,
      throttleMs: 0,
      logLevel: 'info',
      reportMs: 5000,
    });
  });

  it('reads every setting', () => {
    expect(
      analyticsConfigFromEnv({
        EVENT_STORE: 'esdb',
        ESDB_CONNECTION_STRING: 'esdb://localhost:2113?tls=false',
        ANALYTICS_DB: '/tmp/a.db',
        ANALYTICS_BATCH_SIZE: '25',
        ANALYTICS_BATCH_MS: '10',
        ANALYTICS_THROTTLE_MS: '5',
        LOG_LEVEL: 'warn',
        ANALYTICS_URL: 'http://analytics.example:3000',
        ANALYTICS_TOKEN: 'an-organiser-token',
        ANALYTICS_REPORT_MS: '0',
      }),
    ).toEqual({
      store: { kind: 'esdb', sqlitePath: undefined, esdbConnectionString: 'esdb://localhost:2113?tls=false' },
      databasePath: '/tmp/a.db',
      batchSize: 25,
      batchMs: 10,
      throttleMs: 5,
      logLevel: 'warn',
      fromUrl: 'http://analytics.example:3000',
      token: 'an-organiser-token',
      reportMs: 0,
    });
  });

  it('names the variable of a bad value', () => {
    expect(() => analyticsConfigFromEnv({ ANALYTICS_BATCH_SIZE: '0' })).toThrow(/ANALYTICS_BATCH_SIZE/);
    expect(() => analyticsConfigFromEnv({ ANALYTICS_BATCH_MS: 'soon' })).toThrow(/ANALYTICS_BATCH_MS/);
    expect(() => analyticsConfigFromEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => analyticsConfigFromEnv({ ANALYTICS_URL: 'localhost:3000' })).toThrow(/ANALYTICS_URL.*http/);
    expect(() => analyticsConfigFromEnv({ ANALYTICS_REPORT_MS: '-1' })).toThrow(/ANALYTICS_REPORT_MS/);
  });
});

describe('parseAnalyticsArgs', () => {
  it('knows --once and --help, and nothing else', () => {
    expect(parseAnalyticsArgs([])).toEqual({ once: false, help: false });
    expect(parseAnalyticsArgs(['--once'])).toEqual({ once: true, help: false });
    expect(parseAnalyticsArgs(['-h'])).toEqual({ once: false, help: true });
    expect(() => parseAnalyticsArgs(['--twice'])).toThrow(/--twice/);
  });

  it('takes --from-url as the next argument or after =, and refuses what is not an http(s) address', () => {
    expect(parseAnalyticsArgs(['--from-url', 'http://h:3000'])).toEqual({
      once: false,
      help: false,
      fromUrl: 'http://h:3000',
    });
    expect(parseAnalyticsArgs(['--once', '--from-url=https://h'])).toMatchObject({ once: true, fromUrl: 'https://h' });
    expect(() => parseAnalyticsArgs(['--from-url'])).toThrow(/--from-url needs/);
    expect(() => parseAnalyticsArgs(['--from-url', 'ftp://h'])).toThrow(/--from-url must be an http/);
  });
});
