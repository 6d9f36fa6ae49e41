import { EventStoreUnavailableError, type ExpectedRevision } from '@app/event-store';
import { PostgresEventStore } from '@app/event-store/postgres/postgres-event-store';
import { PostgresCluster, describeWithPostgres } from '../support/postgres-cluster';
import { batch, collect, range, sleep, waitFor } from './contract-helpers';

/** Tries `work` until it succeeds; every failure meanwhile must be the store being unavailable. */
async function untilAvailable<T>(work: () => Promise<T>, timeoutMs = 15_000): Promise<{ value: T; failures: number }> {
  const deadline = Date.now() + timeoutMs;
  let failures = 0;
  for (;;) {
    try {
      return { value: await work(), failures };
    } catch (error) {
      expect(error).toBeInstanceOf(EventStoreUnavailableError);
      failures += 1;
      if (Date.now() > deadline) throw error;
      await sleep(50);
    }
  }
}

describeWithPostgres('postgres store: a lost server', () => {
  let cluster: PostgresCluster;
  let writer: PostgresEventStore;
  let reader: PostgresEventStore;
  let n = 0;

  beforeAll(async () => {
    cluster = await PostgresCluster.create({ settings: { fsync: 'off' } });
  });
  afterAll(async () => cluster?.destroy());
  beforeEach(async () => {
    if (!cluster.isRunning) await cluster.start();
    const schema = `outage_${n++}`;
    writer = new PostgresEventStore({ connectionString: cluster.url(), schema, pollIntervalMs: 100 });
    reader = new PostgresEventStore({ connectionString: cluster.url(), schema, pollIntervalMs: 100 });
    await writer.ready();
  });
  afterEach(async () => {
    if (!cluster.isRunning) await cluster.start();
    await Promise.all([writer.close(), reader.close()]);
  });

  it('terminated connections: calls answer unavailable at most briefly, then the pools and the subscription recover', async () => {
    let expected: ExpectedRevision = (await writer.append('a', batch(3), 'no-stream')).nextExpectedRevision;
    const live = collect(reader.subscribe({ fromPosition: undefined }));
    // This one polls too rarely to matter: only a LISTEN connection made again can wake it.
    const notified = new PostgresEventStore({
      connectionString: cluster.url(),
      schema: writer.schema,
      pollIntervalMs: 60_000,
    });
    const woken = collect(notified.subscribe({ stream: 'a' }));
    try {
      await waitFor(() => live.events.length === 3 && woken.events.length === 3, 'catch-up');
      await sleep(200); // the reader's LISTEN connection is up, and is terminated too
      expect(await cluster.terminateConnections()).toBeGreaterThanOrEqual(2);
      const { value } = await untilAvailable(() => writer.append('a', batch(2, 3), expected));
      expected = value.nextExpectedRevision;
      await waitFor(() => live.events.length === 5, 'the events appended after the termination', 10_000);
      // Terminated again, while idle: the next calls need no retry from the caller for long.
      await cluster.terminateConnections();
      await untilAvailable(() => writer.append('a', batch(1, 5), expected));
      await waitFor(() => live.events.length === 6, 'the event appended after the second termination', 10_000);
      await waitFor(() => woken.events.length === 6, 'the notified subscription', 5_000);
      await sleep(300);
      expect(live.events.map((e) => e.revision)).toEqual(range(0, 5));
      expect(woken.events.map((e) => e.revision)).toEqual(range(0, 5));
      expect(live.error).toBeUndefined();
      expect(woken.error).toBeUndefined();
      expect(live.completed).toBe(false);
    } finally {
      live.subscription.unsubscribe();
      woken.subscription.unsubscribe();
      await notified.close();
    }
  });

  it('the server stopped (-m immediate): unavailable meanwhile, fast; after its start, everything resumes and nothing acknowledged is lost', async () => {
    const acknowledged: number[] = [];
    let expected: ExpectedRevision = 'no-stream';
    for (let k = 0; k < 5; k++) {
      const result = await writer.append('a', batch(2, 2 * k), expected);
      acknowledged.push(...result.positions);
      expected = result.nextExpectedRevision;
    }
    const live = collect(reader.subscribe({ stream: 'a' }));
    try {
      await waitFor(() => live.events.length === 10, 'catch-up');
      await cluster.stop('immediate');

      const started = Date.now();
      await expect(writer.append('a', batch(1, 10), expected)).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await expect(writer.readStream('a')).rejects.toThrow(/^event store unavailable: postgres/);
      await expect(writer.streamRevision('a')).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await expect(writer.loadSnapshot('game-a', 'v1')).rejects.toBeInstanceOf(EventStoreUnavailableError);
      expect(Date.now() - started).toBeLessThan(5000);
      // A new subscription learns at once that the store is down; the running one waits for it.
      const late = collect(writer.subscribe({ stream: 'a' }));
      await waitFor(() => late.error !== undefined, 'the new subscription to fail');
      expect(late.error).toBeInstanceOf(EventStoreUnavailableError);
      await sleep(500);
      expect(live.error).toBeUndefined();
      expect(live.completed).toBe(false);

      await cluster.start();
      const { value } = await untilAvailable(() => writer.append('a', batch(2, 10), expected));
      acknowledged.push(...value.positions);
      await waitFor(() => live.events.length === 12, 'the events appended after the restart', 10_000);
      await sleep(200);
      expect(live.events.map((e) => e.revision)).toEqual(range(0, 11));
      expect(live.events.map((e) => e.position)).toEqual(acknowledged);
      expect((await reader.readStream('a')).map((e) => e.position)).toEqual(acknowledged);
    } finally {
      live.subscription.unsubscribe();
    }
  });

  it('a store started while the server is down answers unavailable, and works once it is up (migrations included)', async () => {
    await cluster.stop('immediate');
    const fresh = new PostgresEventStore({ connectionString: cluster.url(), schema: `outage_late_${n}` });
    try {
      await expect(fresh.append('a', batch(1), 'no-stream')).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await cluster.start();
      await untilAvailable(() => fresh.append('a', batch(1), 'no-stream'));
      expect(await fresh.streamRevision('a')).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
