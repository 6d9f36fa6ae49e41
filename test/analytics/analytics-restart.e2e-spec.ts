import { SqliteEventStore } from '@app/event-store';
import { exampleScenario, GamesHarness, playScenario, temporaryDirectory } from '../../libs/games/test/games-testing';
import {
  type AnalyticsEnv,
  AnalyticsProcess,
  parseSummary,
  readCheckpoint,
  runOnce,
  waitForCheckpoint,
} from './support/analytics-process';
import { countFromEvents } from './support/expected-analytics';
import { recordScenarioGames } from './support/recorded-games';

/**
 * Issue #4: `npm run analytics` as a real process. It resumes after a SIGKILL without counting anything twice or
 * losing anything (its totals equal a from-scratch rebuild), and follows events appended while it runs.
 */
describe('analytics consumer process (SQLite store)', () => {
  const dir = temporaryDirectory();

  afterAll(() => dir.cleanup());

  it('killed mid-stream twice, then restarted, it ends with the totals of a from-scratch rebuild', async () => {
    const storePath = dir.path('bulk.db');
    const store = new SqliteEventStore({ path: storePath });
    const lastPosition = await recordScenarioGames(store, 10, 'bulk');
    const events = await store.readAll();
    await store.close();
    expect(events.length).toBeGreaterThan(3000);

    // Small batches with a pause after each: the stream takes a second or more, so each kill lands inside it.
    const env: AnalyticsEnv = {
      store: storePath,
      db: dir.path('killed.db'),
      extra: { ANALYTICS_BATCH_SIZE: '25', ANALYTICS_THROTTLE_MS: '8' },
    };
    let previous = 0;
    for (const share of [0.2, 0.5]) {
      const consumer = AnalyticsProcess.start(env);
      await waitForCheckpoint(env.db, (c) => c.events >= events.length * share, consumer);
      const exit = await consumer.kill('SIGKILL');
      expect(exit.signal).toBe('SIGKILL');
      const killedAt = readCheckpoint(env.db)!;
      expect(killedAt.events).toBeGreaterThan(previous);
      expect(killedAt.events).toBeLessThan(events.length);
      previous = killedAt.events;
    }

    const resumed = await runOnce({ store: storePath, db: env.db });
    const rebuilt = await runOnce({ store: storePath, db: dir.path('rebuilt.db') });
    expect(resumed).toEqual(rebuilt);
    expect(resumed).toEqual(countFromEvents(events));
    expect(resumed).toMatchObject({ checkpoint: lastPosition, events: events.length });
  });

  it('counts the events appended while it runs, and prints its totals when stopped with SIGINT', async () => {
    const storePath = dir.path('live.db');
    const store = new SqliteEventStore({ path: storePath });
    const harness = await GamesHarness.start({ store: { kind: 'sqlite', sqlitePath: storePath } });
    try {
      const before = await recordScenarioGames(store, 1, 'early');
      const env: AnalyticsEnv = {
        store: storePath,
        db: dir.path('live-analytics.db'),
        extra: { ANALYTICS_BATCH_MS: '20' },
      };
      const consumer = AnalyticsProcess.start(env);
      await waitForCheckpoint(env.db, (c) => c.position === before, consumer);

      // Appended by this process while the consumer waits: it sees them through its store's poll.
      await playScenario(harness, exampleScenario(), 'live');
      const after = await recordScenarioGames(store, 1, 'late');
      await waitForCheckpoint(env.db, (c) => c.position === after, consumer);

      const exit = await consumer.kill('SIGINT');
      expect(exit.code).toBe(0);
      const summary = parseSummary(exit);
      expect(summary).toEqual(countFromEvents(await store.readAll()));
      expect(summary.games.live.casts).toBeGreaterThan(0);
      expect(summary.checkpoint).toBe(after);
    } finally {
      await harness.close();
      await store.close();
    }
  });
});
