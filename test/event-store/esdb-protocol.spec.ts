/**
 * The esdb adapter's side of the gRPC protocol, against the stand-in: limits, errors, retries, subscriptions and a
 * cluster.
 *
 * Why it is slow: it reaches the limits for real: more than 100 streams at once, the largest append, every retry of an
 * unknown outcome (with shortened delays), a server restarted under a subscription.
 */
import { EventStoreDBClient, FORWARDS, START, type StreamingRead } from '@eventstore/db-client';
import {
  AppendTooLargeError,
  EventStoreConfigurationError,
  EventStoreUnavailableError,
  StreamDeletedError,
  UnknownPositionError,
  WrongExpectedRevisionError,
} from '@app/event-store';
import { EsdbEventStore } from '@app/event-store/esdb/esdb-event-store';
import { EsdbStandIn, SERVER_MAX_APPEND_SIZE } from './esdb-stand-in/esdb-stand-in.server';
import { failures } from './esdb-stand-in/stand-in.failures';
import { waitWhileGrowing } from '../support/growing-count.wait';
import { batch, collect, newEvent, range, sleep, waitFor } from './contract-helpers';

/** Retries quick enough for a test; the attempts are the default's. */
const retry = { firstDelayMs: 10, maxDelayMs: 200 };

/** Fails if `promise` has not settled within `ms` (a call waiting for a free HTTP/2 stream never does). */
const settlesWithin = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise.then(() => true), sleep(ms).then(() => false)]);

/** About 400 bytes an event: 300 of them are more than one HTTP/2 window, as a real `$all` soon is. */
async function fillLog(store: EsdbEventStore, streams = 10, perStream = 30): Promise<void> {
  for (let k = 0; k < streams; k++) {
    await store.append(`game-${k}`, batch(perStream, 0, 'Counted', 'x'.repeat(300)), 'no-stream');
  }
}

describe('esdb adapter ↔ gRPC protocol stand-in (the adapter’s side of the protocol; not EventStoreDB)', () => {
  let standIn: EsdbStandIn;
  let store: EsdbEventStore;
  const open = (settings = '') => new EsdbEventStore({ connectionString: standIn.connectionString(settings), retry });

  afterEach(async () => {
    await store?.close();
    await standIn?.stop();
  });

  describe('the connection’s 100 concurrent streams', () => {
    beforeEach(async () => {
      standIn = await EsdbStandIn.start();
      store = open();
      await fillLog(store);
    });

    it('is a real limit of the stand-in: reads left without cancelling make a later read wait, by the 101st', async () => {
      const client = EventStoreDBClient.connectionString(standIn.connectionString());
      const left: StreamingRead<unknown>[] = [];
      let waiting: Promise<boolean> | undefined;
      while (left.length <= 100) {
        const read = client.readAll({ direction: FORWARDS, fromPosition: START });
        left.push(read);
        // The adapter's old readAll: leave after the first event, without cancelling.
        const firstEvent = (async () => {
          for await (const _ of read) break;
          return true;
        })();
        if (!(await settlesWithin(firstEvent, 1000))) {
          waiting = firstEvent;
          break;
        }
      }
      expect(waiting).toBeDefined();
      expect(left.length).toBeLessThanOrEqual(101);
      expect(left.length).toBeGreaterThan(90);
      await Promise.all(left.slice(0, -1).map((read) => read.cancel()));
      expect(await settlesWithin(waiting!, 5000)).toBe(true);
      await left[left.length - 1].cancel();
      await client.dispose();
    });

    it('more than 100 paged reads on one store all finish, and leave no call open on the server', async () => {
      for (let k = 0; k < 110; k++) expect(await store.readAll({ maxCount: 3 })).toHaveLength(3);
      // Paged reads left after their second page (fewer: a filtered page reads $all and filters it here).
      for (let k = 0; k < 35; k++) {
        let pages = 0;
        for await (const page of store.readAllPages({ pageSize: 7, filter: { streamPrefix: 'game-' } })) {
          expect(page).toHaveLength(7);
          if (++pages === 2) break;
        }
      }
      for (let k = 0; k < 110; k++) {
        const page = await store.readStream(`game-${k % 10}`, { from: 5, maxCount: 4 });
        expect(page.map((e) => e.revision)).toEqual([5, 6, 7, 8]);
      }
      expect(await store.listStreams('game-')).toEqual(range(0, 9).map((k) => `game-${k}`));
      expect((await store.readAll({ filter: { streamPrefix: 'game-3' } })).length).toBe(30);
      // Every read asked for a bounded count (the client's default is Number.MAX_SAFE_INTEGER: all of it) …
      const reads = standIn.streams.calls.filter((call) => call.kind === 'read-all' || call.kind === 'read-stream');
      expect(reads.length).toBeGreaterThan(250);
      expect(Math.max(...reads.map((call) => call.count ?? Number.POSITIVE_INFINITY))).toBeLessThanOrEqual(501);
      // … and only the client's BatchAppend stream stays: every read ended, or was cancelled when left.
      await waitFor(() => standIn.openCalls === 1, 'the reads’ calls to end', 5000);
    });

    it('101 subscriptions on one store share one $all subscription; commands still read and write', async () => {
      const byStream = range(0, 59).map((k) => collect(store.subscribe({ stream: `game-${k % 10}` })));
      const byAll = range(0, 40).map((k) =>
        collect(store.subscribe({ filter: { streamPrefix: `game-${k % 10}`, eventTypes: ['Counted', 'Late'] } })),
      );
      try {
        const subscriptions = [...byStream, ...byAll];
        const received = () => subscriptions.reduce((sum, got) => sum + Math.min(got.events.length, 30), 0);
        await waitWhileGrowing(received, () => received() === subscriptions.length * 30, 'the subscriptions’ catch-up');
        expect(subscriptions.map((got) => got.events.length)).toEqual(subscriptions.map(() => 30));
        const written = await store.append('game-3', [newEvent('Late', { n: 1 })], 29);
        expect(await store.readStream('game-3', { from: 30 })).toHaveLength(1);
        const subscribedToGame3 = [...byStream.filter((_, k) => k % 10 === 3), ...byAll.filter((_, k) => k % 10 === 3)];
        await waitFor(
          () => subscribedToGame3.every((got) => got.events.length === 31),
          'the live event everywhere',
          10000,
        );
        for (const got of subscribedToGame3) {
          expect(got.events[30]).toMatchObject({ stream: 'game-3', revision: 30, position: written.positions[0] });
        }
        expect([...byStream, ...byAll].every((got) => got.error === undefined)).toBe(true);
        expect(standIn.streams.calls.filter((call) => call.kind === 'subscribe-all')).toHaveLength(1);
        expect(standIn.streams.calls.filter((call) => call.kind === 'subscribe-stream')).toHaveLength(0);
        expect(standIn.openCalls).toBe(2); // the shared subscription and the BatchAppend stream
      } finally {
        for (const got of [...byStream, ...byAll]) got.subscription.unsubscribe();
      }
      // The last subscriber gone, the shared subscription goes too.
      await waitFor(() => standIn.openCalls === 1, 'the shared subscription to end', 5000);
    });
  });

  describe('the largest append (1,048,576 bytes, the server’s default)', () => {
    it.each([
      ['BatchAppend (21.10 and later)', '24.10.0'],
      ['Append (servers without ServerFeatures)', null],
    ])('refuses a 2 MB append with AppendTooLargeError and writes nothing, over %s', async (_, serverVersion) => {
      standIn = await EsdbStandIn.start({ serverVersion });
      store = open();
      const twoMegabytes = [newEvent('Huge', { blob: 'x'.repeat(2 * 1024 * 1024) })];
      const error = await store.append('game-big', twoMegabytes, 'no-stream').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppendTooLargeError);
      expect(error).toMatchObject({ stream: 'game-big', maxAppendSize: SERVER_MAX_APPEND_SIZE });
      expect((error as AppendTooLargeError).size).toBeGreaterThan(2 * 1024 * 1024);
      expect((error as Error).message).toMatch(/more than its largest append of 1048576 bytes/);
      expect(await store.streamRevision('game-big')).toBeNull();
      // Under the limit, the same kind of append goes in.
      const nineHundredKilobytes = [newEvent('Big', { blob: 'x'.repeat(900 * 1024) })];
      expect((await store.append('game-big', nineHundredKilobytes, 'no-stream')).lastRevision).toBe(0);
      expect(standIn.streams.calls.filter((call) => call.kind === 'append')).toHaveLength(2); // no retry of a refusal
    });
  });

  describe('errors the server gives, mapped', () => {
    beforeEach(async () => {
      standIn = await EsdbStandIn.start();
      store = open();
    });

    it('a deleted stream: StreamDeletedError on read and on append, nothing written', async () => {
      await store.append('game-gone', batch(2), 'no-stream');
      standIn.log.tombstone('game-gone');
      await expect(store.readStream('game-gone')).rejects.toBeInstanceOf(StreamDeletedError);
      const error = await store.append('game-gone', batch(1, 2), 1).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StreamDeletedError);
      expect(error).toMatchObject({
        stream: 'game-gone',
        message: "stream 'game-gone' was deleted in the event store",
      });
      expect(standIn.log.streamRecords('game-gone')).toHaveLength(2);
    });

    it('a user who may not read $all: a clear EventStoreConfigurationError, for reads and subscriptions alike', async () => {
      await store.append('game-1', batch(2), 'no-stream');
      standIn.behaviour.denyAllReads = true;
      const error = await store.readAll().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EventStoreConfigurationError);
      expect((error as Error).message).toBe(
        'event store configuration: access denied reading $all: the user in ESDB_CONNECTION_STRING needs the right ' +
          'to read $all and to read and write the game streams (an admin or $ops user by default)',
      );
      await expect(store.listStreams()).rejects.toBeInstanceOf(EventStoreConfigurationError);
      const subscribed = collect(store.subscribe({ stream: 'game-1' }));
      await waitFor(() => subscribed.error !== undefined, 'the subscription to fail', 5000);
      expect(subscribed.error).toBeInstanceOf(EventStoreConfigurationError);
      expect(subscribed.events).toHaveLength(2); // the stream itself could be read
      expect(await store.readStream('game-1')).toHaveLength(2);
    });

    it('a position that is no event’s: UnknownPositionError (a TypeError); one before an event’s reads from it', async () => {
      const { positions } = await store.append('game-1', batch(3), 'no-stream');
      const bogus = positions[1] + 7;
      const error = await store.readAll({ fromPosition: bogus }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnknownPositionError);
      expect(error).toBeInstanceOf(TypeError);
      expect(error).toMatchObject({ position: bogus });
      const subscribed = collect(store.subscribe({ fromPosition: bogus }));
      await waitFor(() => subscribed.error !== undefined, 'the subscription to fail', 5000);
      expect(subscribed.error).toBeInstanceOf(UnknownPositionError);
      // `?from=p` is the checkpoint p − 1: the events from p on.
      expect((await store.readAll({ fromPosition: positions[1] - 1 })).map((e) => e.revision)).toEqual([1, 2]);
      expect((await store.readAll({ fromPosition: positions[1] })).map((e) => e.revision)).toEqual([2]);
    });

    it('a server before 22.6 (no positions on stream reads): refused with a clear error, not wrong positions', async () => {
      await standIn.stop();
      standIn = await EsdbStandIn.start({ positionsOnStreamReads: false, serverVersion: '21.10.0' });
      store = open();
      await store.append('game-1', batch(1), 'no-stream');
      await expect(store.readStream('game-1')).rejects.toThrow(
        'event store configuration: the server does not report the position of events read from a stream ' +
          '(EventStoreDB before 22.6); this service needs EventStoreDB 22.6 or later, or KurrentDB',
      );
      expect((await store.readAll()).map((e) => e.stream)).toEqual(['game-1']); // $all reads do have them
    });

    it('a conflict is still a WrongExpectedRevisionError, and is not retried', async () => {
      await store.append('game-1', batch(2), 'no-stream');
      const error = await store.append('game-1', batch(1, 9), 0).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ stream: 'game-1', expected: 0, actual: 1 });
      expect(standIn.streams.calls.filter((call) => call.kind === 'append')).toHaveLength(2);
    });
  });

  describe('an append whose outcome is unknown is retried, identically', () => {
    const appends = () => standIn.streams.calls.filter((call) => call.kind === 'append');

    it.each([
      ['UNAVAILABLE before the append', { fail: failures.unavailable() }],
      ['UNAVAILABLE after it was written', { commitThenFail: failures.unavailable() }],
      ['the server’s write timeout after it was written', { commitThenFail: failures.timeout() }],
    ])('%s: written exactly once', async (_, effect) => {
      standIn = await EsdbStandIn.start();
      store = open();
      await store.append('game-1', batch(2), 'no-stream');
      standIn.faults.inject({ when: (call) => call.kind === 'append', effect });
      const result = await store.append('game-1', batch(3, 2), 1);
      expect(result).toMatchObject({ firstRevision: 2, lastRevision: 4 });
      expect((await store.readStream('game-1')).map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4]);
      expect(appends()).toHaveLength(3);
    });

    it('a deadline that passes with no answer (Append, defaultDeadline): retried, written once', async () => {
      standIn = await EsdbStandIn.start({ serverVersion: null });
      store = open('defaultDeadline=300');
      standIn.faults.inject({ when: (call) => call.kind === 'append', effect: { hang: true } });
      expect((await store.append('game-1', batch(2), 'no-stream')).lastRevision).toBe(1);
      expect(await store.readStream('game-1')).toHaveLength(2);
      expect(appends()).toHaveLength(2);
    });

    it('a node that stays unavailable: EventStoreUnavailableError after the attempts, nothing written', async () => {
      standIn = await EsdbStandIn.start();
      store = open();
      standIn.faults.inject({
        when: (call) => call.kind === 'append',
        effect: { fail: failures.unavailable() },
        times: 9,
      });
      await expect(store.append('game-1', batch(1), 'no-stream')).rejects.toBeInstanceOf(EventStoreUnavailableError);
      expect(appends()).toHaveLength(4);
      standIn.faults.clear();
      expect(await store.streamRevision('game-1')).toBeNull();
    });
  });

  describe('subscriptions recover', () => {
    beforeEach(async () => {
      standIn = await EsdbStandIn.start();
      store = open();
    });

    /** Appends `count` events to game-1 in small batches, one batch at a time. */
    async function appendInBatches(from: number, count: number): Promise<void> {
      for (let offset = from; offset < from + count; offset += 3) {
        const n = Math.min(3, from + count - offset);
        await store.append('game-1', batch(n, offset), offset === 0 ? 'no-stream' : offset - 1);
      }
    }

    it('UNAVAILABLE in the middle of the subscription: resubscribed after the last event, none missed or repeated', async () => {
      await appendInBatches(0, 10);
      standIn.faults.inject({
        when: (call) => call.kind === 'subscribe-all',
        effect: { failAfterEvents: 4, failure: failures.unavailable() },
      });
      const byStream = collect(store.subscribe({ stream: 'game-1', fromRevision: 2 }));
      const byAll = collect(store.subscribe({ filter: { streamPrefix: 'game-' } }));
      try {
        await waitFor(() => byStream.events.length === 7 && byAll.events.length === 10, 'catch-up', 5000);
        await appendInBatches(10, 20);
        await waitFor(() => byStream.events.length === 27 && byAll.events.length === 30, 'every event', 10000);
        await sleep(100);
        expect(byStream.events.map((e) => e.revision)).toEqual(range(3, 29));
        expect(byAll.events.map((e) => e.revision)).toEqual(range(0, 29));
        expect(byStream.error ?? byAll.error).toBeUndefined();
        expect(standIn.streams.calls.filter((call) => call.kind === 'subscribe-all')).toHaveLength(2);
      } finally {
        byStream.subscription.unsubscribe();
        byAll.subscription.unsubscribe();
      }
    });

    it('a server-side end of the subscription is not completion: resubscribed, still live', async () => {
      standIn.faults.inject({ when: (call) => call.kind === 'subscribe-all', effect: { endAfterEvents: 2 } });
      const got = collect(store.subscribe({ filter: { streamPrefix: 'game-' } }));
      try {
        await appendInBatches(0, 12);
        await waitFor(() => got.events.length === 12, 'every event', 10000);
        expect(got.completed).toBe(false);
        expect(got.error).toBeUndefined();
        expect(got.events.map((e) => e.revision)).toEqual(range(0, 11));
        expect(standIn.streams.calls.filter((call) => call.kind === 'subscribe-all')).toHaveLength(2);
      } finally {
        got.subscription.unsubscribe();
      }
    });

    it('a server restart: the subscription waits, then continues after its checkpoint', async () => {
      await appendInBatches(0, 6);
      const got = collect(store.subscribe({ stream: 'game-1' }));
      try {
        await waitFor(() => got.events.length === 6, 'catch-up', 5000);
        await waitFor(() => standIn.openCalls === 2, 'the shared subscription to be live', 5000);
        await standIn.restart(300);
        await appendInBatches(6, 9);
        await waitFor(() => got.events.length === 15, 'the events after the restart', 10000);
        await sleep(100);
        expect(got.events.map((e) => e.revision)).toEqual(range(0, 14));
        expect(got.error).toBeUndefined();
        expect(standIn.streams.calls.filter((call) => call.kind === 'subscribe-all').length).toBeGreaterThan(1);
      } finally {
        got.subscription.unsubscribe();
      }
    });
  });

  describe('a cluster', () => {
    it('appends and command reads require the leader', async () => {
      standIn = await EsdbStandIn.start();
      store = open();
      await store.append('game-1', batch(1), 'no-stream');
      await store.readStream('game-1');
      const calls = standIn.streams.calls.filter((call) => call.kind === 'append' || call.kind === 'read-stream');
      expect(calls.length).toBeGreaterThanOrEqual(3); // the append, its positions read back, the read
      expect(calls.every((call) => call.requiresLeader)).toBe(true);
    });

    it('a follower answering NotLeader: the client goes to the leader it names, and the call is made there', async () => {
      const leader = await EsdbStandIn.start();
      standIn = await EsdbStandIn.start(); // the follower the store connects to
      standIn.followerOf(leader);
      store = open();
      try {
        const written = await store.append('game-1', batch(2), 'no-stream');
        expect(written.lastRevision).toBe(1);
        expect(leader.log.streamRecords('game-1')).toHaveLength(2);
        expect(standIn.log.streamRecords('game-1')).toBeUndefined();
        expect(standIn.streams.calls).toEqual([{ kind: 'append', stream: 'game-1', requiresLeader: true }]);
        expect((await store.readStream('game-1')).map((e) => e.position)).toEqual(written.positions);
        const got = collect(store.subscribe({ stream: 'game-1' }));
        await store.append('game-1', batch(1, 2), 1);
        await waitFor(() => got.events.length === 3, 'the leader’s events', 5000);
        got.subscription.unsubscribe();
      } finally {
        await store.close();
        await leader.stop();
      }
    });
  });
});
