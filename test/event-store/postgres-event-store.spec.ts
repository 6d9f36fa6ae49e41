import {
  EventStoreUnavailableError,
  type ExpectedRevision,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from '@app/event-store';
import { PostgresEventStore, type PostgresEventStoreOptions } from '@app/event-store/postgres/postgres-event-store';
import { migratePostgresSchema, POSTGRES_SCHEMA_VERSION } from '@app/event-store/postgres/postgres-schema.migrations';
import { Client, Pool } from 'pg';
import { PostgresCluster, describeWithPostgres } from '../support/postgres-cluster';
import { batch, collect, newEvent, range, sleep, waitFor } from './contract-helpers';

describeWithPostgres('postgres store: several writers, the append lock, migrations', () => {
  let cluster: PostgresCluster;
  const open: PostgresEventStore[] = [];
  let schemas = 0;
  let schema: string;

  /** A store of its own (its own pool), on this test's schema. */
  const newStore = (options: Partial<PostgresEventStoreOptions> = {}) => {
    const store = new PostgresEventStore({ connectionString: cluster.url(), schema, pollIntervalMs: 100, ...options });
    open.push(store);
    return store;
  };

  beforeAll(async () => {
    cluster = await PostgresCluster.create({ settings: { fsync: 'off' } });
  });
  afterAll(async () => cluster?.destroy());
  beforeEach(() => {
    schema = `writers_${schemas++}`;
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((store) => store.close()));
  });

  it('N writers on their own connections and a subscriber: every position seen exactly once, in order', async () => {
    const writers = range(1, 6).map(() => newStore({ poolSize: 3 }));
    await writers[0].ready();
    const subscriber = newStore();
    const live = collect(subscriber.subscribe({}));
    // A reader that pages as fast as it can: if a position could become visible after a later one had been read,
    // it would step past it, and its sequence would differ from the final log.
    const tight: RecordedEvent[] = [];
    let writing = true;
    const tightReader = (async () => {
      const reader = newStore();
      while (writing || tight.length < (await reader.readAll()).length) {
        const page = await reader.readAll({ fromPosition: tight[tight.length - 1]?.position, maxCount: 50 });
        tight.push(...page);
      }
    })();
    try {
      // Each writer: 40 appends of 1–4 events, over its own streams and one stream all of them contend for.
      await Promise.all(
        writers.map(async (store, w) => {
          for (let k = 0; k < 40; k++) {
            if (k % 4 === 0) {
              for (;;) {
                const revision = await store.streamRevision('contended');
                try {
                  await store.append('contended', [newEvent('C', { w, k })], revision ?? 'no-stream');
                  break;
                } catch (error) {
                  if (!(error instanceof WrongExpectedRevisionError)) throw error;
                }
              }
            } else {
              await store.append(`w${w}-s${k % 3}`, batch(1 + (k % 4), k, 'W', `w${w}`), 'any');
            }
          }
        }),
      );
      writing = false;
      await tightReader;
      const all = await subscriber.readAll();
      await waitFor(() => live.events.length >= all.length, 'the subscriber to see every event', 15_000);
      await sleep(200);
      const positions = all.map((e) => e.position);
      expect(new Set(positions).size).toBe(positions.length);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(live.events.map((e) => e.position)).toEqual(positions);
      expect(tight.map((e) => e.position)).toEqual(positions);
      expect(live.error).toBeUndefined();
      // The contended stream got all 60 appends, each once, revisions 0..59.
      expect((await subscriber.readStream('contended')).map((e) => e.revision)).toEqual(range(0, 59));
    } finally {
      writing = false;
      live.subscription.unsubscribe();
    }
  });

  it('appends to one stream made at once, each expecting the one before, all get in, in the order made', async () => {
    const store = newStore({ maxAppendsPerGroup: 3 });
    const appends = range(0, 39).map((k) => store.append('a', batch(2, 2 * k), k === 0 ? 'no-stream' : 2 * k - 1));
    // Other streams meanwhile, so that the groups are mixed.
    const others = range(0, 19).map((k) => store.append(`other-${k}`, batch(1), 'no-stream'));
    const results = await Promise.all(appends);
    await Promise.all(others);
    expect(results.map((r) => r.firstRevision)).toEqual(range(0, 39).map((k) => 2 * k));
    const positions = results.flatMap((r) => r.positions);
    expect(positions).toEqual([...positions].sort((x, y) => x - y));
    expect((await store.readStream('a')).map((e) => (e.data as { i: number }).i)).toEqual(range(0, 79));
  });

  it('a writer that slips a row in without the lock turns the append into a conflict; the rest of its group commits', async () => {
    const store = newStore();
    await store.append('a', batch(1), 'no-stream');
    const foreign = new Client({ connectionString: cluster.url() });
    await foreign.connect();
    try {
      await foreign.query('BEGIN');
      await foreign.query(
        `INSERT INTO ${schema}.events (position, stream, revision, type, data, metadata)
         VALUES (1000000, 'a', 1, 'Foreign', '{}', '{}')`,
      );
      // The same turn of the event loop: one group; the append to `a` waits for the foreign row's transaction.
      const toA = store.append('a', [newEvent('Mine')], 0).catch((error: unknown) => error);
      const toB = store.append('b', [newEvent('Other')], 'no-stream');
      await sleep(300);
      await foreign.query('COMMIT');
      const error = await toA;
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ stream: 'a', expected: 0, actual: 1 });
      expect((await toB).lastRevision).toBe(0);
      expect((await store.readStream('a')).map((e) => e.type)).toEqual(['Counted', 'Foreign']);
    } finally {
      await foreign.end();
    }
  });

  it('an append held up past POSTGRES_STATEMENT_TIMEOUT_MS answers unavailable, and the next one goes through', async () => {
    const store = newStore({ statementTimeoutMs: 300 });
    await store.append('a', batch(1), 'no-stream');
    const holder = new Client({ connectionString: cluster.url() });
    await holder.connect();
    try {
      // Another session holds the append lock (as a long append would).
      await holder.query('BEGIN');
      await holder.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`${schema}.events append`]);
      const started = Date.now();
      const error = await store.append('a', batch(1, 1), 0).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EventStoreUnavailableError);
      expect((error as Error).message).toMatch(/^event store unavailable: postgres 57014: canceling statement/);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await store.streamRevision('a')).toBe(0); // nothing of it was written
      await holder.query('ROLLBACK');
      expect((await store.append('a', batch(1, 1), 0)).lastRevision).toBe(1);
    } finally {
      await holder.end();
    }
  });

  it('migrations: several instances starting at once create the schema once; running them again changes nothing', async () => {
    const pools = range(1, 5).map(() => new Pool({ connectionString: cluster.url(), max: 1 }));
    try {
      const applied = await Promise.all(pools.map((pool) => migratePostgresSchema(pool, schema)));
      expect(applied.filter((versions) => versions.length > 0)).toEqual([range(1, POSTGRES_SCHEMA_VERSION)]);
      expect(await migratePostgresSchema(pools[0], schema)).toEqual([]);
      const { rows } = await pools[0].query(`SELECT version FROM ${schema}.schema_versions ORDER BY version`);
      expect(rows.map((r: { version: number }) => r.version)).toEqual(range(1, POSTGRES_SCHEMA_VERSION));
      // Stores starting on the migrated schema at once all work, and agree.
      const stores = range(1, 3).map(() => newStore());
      await Promise.all(stores.map((store, i) => store.append(`s${i}`, batch(2), 'no-stream')));
      expect(await stores[0].listStreams()).toHaveLength(3);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('migrations refuse a schema newer than this build, and change nothing', async () => {
    const store = newStore();
    await store.ready();
    await cluster.withClient((client) =>
      client.query(`INSERT INTO ${schema}.schema_versions (version, description) VALUES (99, 'from the future')`),
    );
    const pool = new Pool({ connectionString: cluster.url(), max: 1 });
    try {
      await expect(migratePostgresSchema(pool, schema)).rejects.toThrow(/at version 99, newer than this build knows/);
    } finally {
      await pool.end();
    }
  });

  it('finds a command by its id through the index of schema version 3, whatever the length of its stream', async () => {
    const store = newStore();
    await store.append('game-long', batch(3000), 'no-stream');
    await store.append('game-long', [newEvent('Done', { i: 1 }, { commandId: 'the-key' })], 2999);
    await store.append('game-long', batch(10, 3001), 3000);
    expect((await store.readCommand('game-long', 'the-key')).map((event) => event.revision)).toEqual([3000]);
    const client = new Client({ connectionString: cluster.url() });
    await client.connect();
    try {
      await client.query(`ANALYZE ${schema}.events`);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT * FROM ${schema}.events WHERE stream = 'game-long' AND metadata->>'commandId' = 'the-key'
         ORDER BY revision ASC`,
      );
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index Scan using events_by_command/);
    } finally {
      await client.end();
    }
  });

  it('snapshots are shared by every instance on the database', async () => {
    const one = newStore();
    const two = newStore();
    await one.saveSnapshot('game-g', 10, 'v1', '{"at":10}');
    expect(await two.loadSnapshot('game-g', 'v1')).toEqual({ revision: 10, state: '{"at":10}' });
    expect(await two.deleteSnapshotsExcept('v2')).toBe(1);
    expect(await one.loadSnapshot('game-g', 'v1')).toBeNull();
  });

  it('a subscription in one instance is woken by another instance’s append (NOTIFY), well before its poll', async () => {
    const reader = newStore({ pollIntervalMs: 60_000 });
    const writer = newStore();
    const got = collect(reader.subscribe({ stream: 'a' }));
    try {
      let expected: ExpectedRevision = 'no-stream';
      await sleep(200); // the LISTEN connection is up
      for (let k = 0; k < 3; k++) {
        const started = Date.now();
        expected = (await writer.append('a', batch(1, k), expected)).nextExpectedRevision;
        await waitFor(() => got.events.length === k + 1, `event ${k}`, 5000);
        expect(Date.now() - started).toBeLessThan(1000);
      }
    } finally {
      got.subscription.unsubscribe();
    }
  });
});
