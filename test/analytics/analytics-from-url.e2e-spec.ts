/**
 * The analytics consumer reading the service over HTTP.
 *
 * Why it is slow: the consumer and the service run as their own processes: the consumer is killed mid-stream and
 * started again, and the service stopped and started under it.
 */
import { type RecordedEvent, SqliteEventStore } from '@app/event-store';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { temporaryDirectory } from '../../libs/games/test/games-testing';
import { ApiProcess } from '../crash/support/api.child-process';
import {
  type AnalyticsEnv,
  AnalyticsProcess,
  parseSummary,
  readCheckpoint,
  waitForCheckpoint,
} from './support/analytics-process';
import { countFromEvents } from './support/expected-analytics';
import { recordScenarioGames } from './support/recorded-games';

const ORGANISER_TOKEN = 'analytics-from-url-organiser';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/** The lines of `GET /events?format=ndjson` as the events they are, for the plain count of expected-analytics. */
async function exportedEvents(url: string, token?: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let after: string | null = null;
  for (;;) {
    const response = await fetch(`${url}/events?format=ndjson&limit=10000${after === null ? '' : `&after=${after}`}`, {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    for (const line of (await response.text()).split('\n').filter(Boolean)) {
      const { gameId, ...event } = JSON.parse(line) as RecordedEvent & { gameId: string };
      events.push({ ...event, stream: `game-${gameId}` });
    }
    after = response.headers.get('x-last-position');
    if (response.headers.get('x-more') !== 'true') return events;
  }
}

/**
 * Issue #17 "Analytics from outside": `npm run analytics -- --from-url` reads only the service's HTTP doors. Killed
 * and restarted it resumes after its checkpoint; it rides out a restart of the service; its totals are those of
 * the plain count of every event, nothing counted twice; and while it follows, its progress line says how fast it
 * goes, how far behind the head it is, and what it has counted.
 */
describe('analytics consumer over HTTP (the service’s own process, SQLite)', () => {
  const dir = temporaryDirectory();
  const storePath = dir.path('sanctum.db');
  let port: number;
  let url: string;
  let api: ApiProcess;

  const startApi = async (): Promise<void> => {
    api = ApiProcess.start({
      sqlitePath: storePath,
      organiserToken: ORGANISER_TOKEN,
      serverSecret: 's'.repeat(32),
      port,
    });
    await api.ready();
  };

  beforeAll(async () => {
    const store = new SqliteEventStore({ path: storePath });
    await recordScenarioGames(store, 6, 'bulk');
    await store.close();
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
    await startApi();
  });

  afterAll(async () => {
    await api?.kill('SIGTERM');
    dir.cleanup();
  });

  it('killed mid-stream and restarted, through a restart of the service, it counts every event exactly once', async () => {
    const env: AnalyticsEnv = {
      // The consumer is given a store path that does not exist: it must never open it.
      store: dir.path('not-the-store.db'),
      db: dir.path('from-url.db'),
      extra: {
        ANALYTICS_TOKEN: ORGANISER_TOKEN,
        ANALYTICS_BATCH_SIZE: '25',
        ANALYTICS_THROTTLE_MS: '8',
        ANALYTICS_REPORT_MS: '100',
        LOG_LEVEL: 'info',
      },
    };
    const stored = await exportedEvents(url, ORGANISER_TOKEN);
    expect(stored.length).toBeGreaterThan(1500);

    const first = AnalyticsProcess.start(env, ['--from-url', url]);
    await waitForCheckpoint(env.db, (c) => c.events >= stored.length * 0.3, first);
    expect((await first.kill('SIGKILL')).signal).toBe('SIGKILL');
    const killedAt = readCheckpoint(env.db)!;
    expect(killedAt.events).toBeLessThan(stored.length);

    const second = AnalyticsProcess.start(env, ['--from-url', url]);
    await waitForCheckpoint(env.db, (c) => c.events > killedAt.events, second);
    // The service goes away under it and comes back on the same address: the consumer waits and goes on (the
    // games recorded below reach it only through the restarted service).
    await api.kill('SIGTERM');
    await startApi();
    await waitForCheckpoint(env.db, (c) => c.position >= stored[stored.length - 1].position, second, 60_000);

    // Games recorded while it follows reach it live (the service sees the other process's appends).
    const store = new SqliteEventStore({ path: storePath });
    const last = await recordScenarioGames(store, 1, 'late');
    await store.close();
    await waitForCheckpoint(env.db, (c) => c.position >= last, second);
    const all = await exportedEvents(url, ORGANISER_TOKEN);
    // One progress period after the last batch, a line reports the consumer level with the head.
    await new Promise((resolve) => setTimeout(resolve, 400));

    const exit = await second.kill('SIGINT');
    // Its last lines with the code: a consumer that failed says why.
    expect({ code: exit.code, lastLines: exit.code === 0 ? '' : exit.stderr.slice(-3000) }).toEqual({
      code: 0,
      lastLines: '',
    });
    const summary = parseSummary(exit);
    expect(summary).toEqual(countFromEvents(all));
    expect(summary).toMatchObject({ checkpoint: all[all.length - 1].position, events: all.length });
    expect(all[all.length - 1].position).toBeGreaterThanOrEqual(last);
    expect(existsSync(env.store)).toBe(false);

    // Where it resumed, and its reconnection while the service was away.
    expect(exit.stderr).toMatch(new RegExp(`resuming after position ${killedAt.position} `));
    expect(exit.stderr).toMatch(/the event stream broke off|answered 503/);
    // Its progress while following: throughput, lag behind the head (GET /games), and the totals so far.
    const lines = exit.stderr.split('\n').filter((line) => line.includes('events applied,'));
    expect(lines.some((line) => /\b[1-9][\d,]* events\/s/.test(line))).toBe(true);
    expect(lines.some((line) => /\b[1-9][\d,]* behind the head/.test(line))).toBe(true);
    expect(lines.some((line) => line.includes('head unknown'))).toBe(true);
    const count = (n: number) => n.toLocaleString('en-US');
    // Level with the head, and the stream said where it caught up (the service's `caught-up`, after its catch-up).
    const level = `${count(all.length)} events applied, 0 events/s, 0 behind the head (${count(all.length)} events), caught up at position `;
    const totals =
      `${count(summary.totals.games)} games, casts ${count(summary.totals.casts)}, ` +
      `squandered ${count(summary.totals.squandered)}`;
    expect(lines.some((line) => line.includes(level) && line.includes(totals))).toBe(true);
  });

  it('--once without a token reads the public view page by page (GET /events) and counts exactly that', async () => {
    const env: AnalyticsEnv = { store: dir.path('not-the-store.db'), db: dir.path('public.db') };
    const exit = await AnalyticsProcess.start(env, ['--once', '--from-url', url]).exited;
    expect(exit.code).toBe(0);
    const publicEvents = await exportedEvents(url);
    expect(parseSummary(exit)).toEqual(countFromEvents(publicEvents));
    expect(existsSync(env.store)).toBe(false);
  });

  it('a refusal that waiting cannot mend (an unknown token) stops it with the service’s answer', async () => {
    const env: AnalyticsEnv = {
      store: dir.path('not-the-store.db'),
      db: dir.path('refused.db'),
      extra: { ANALYTICS_TOKEN: 'not-a-token-of-this-service' },
    };
    const exit = await AnalyticsProcess.start(env, ['--from-url', url]).exited;
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain('answered 401');
  });
});
