import * as fc from 'fast-check';
import {
  type EventStore,
  EventStoreUnavailableError,
  type ExpectedRevision,
  type SnapshotStore,
  WrongExpectedRevisionError,
} from '@app/event-store';
import { batch, collect, newEvent, range, sleep, uniquePrefix, waitFor } from './contract-helpers';

export interface ContractSubject {
  store: EventStore;
  /** Given for adapters that also implement the SnapshotStore port. */
  snapshots?: SnapshotStore;
  /** Runs after store.close() (delete temp files…). */
  cleanup?: () => Promise<void> | void;
}

export interface ContractOptions {
  /** fast-check runs of the randomized catch-up/live interleaving (fewer for network adapters). */
  propertyRuns?: number;
  /** How long to wait for a live event, and to be sure nothing more arrives. */
  liveTimeoutMs?: number;
  quietMs?: number;
}

/**
 * The one contract every adapter must satisfy. Each test uses streams under a fresh prefix and reads `$all` after a
 * marker position, so it also holds on a shared server (ESDB) that already contains other data.
 */
export function describeEventStoreContract(
  name: string,
  factory: () => Promise<ContractSubject> | ContractSubject,
  options: ContractOptions = {},
): void {
  const liveTimeoutMs = options.liveTimeoutMs ?? 5000;
  const quietMs = options.quietMs ?? 100;

  describe(`EventStore contract: ${name}`, () => {
    let subject: ContractSubject;
    let store: EventStore;
    let ns: string;
    /** Streams of this test start with `${ns}-`. */
    const s = (suffix: string) => `${ns}-${suffix}`;
    /** A position before every event of this test (exclusive checkpoint for readAll / subscribe). */
    const marker = async () =>
      (await store.append(`mark-${ns}-${Math.random()}`, [newEvent('Mark')], 'any')).positions[0];
    const mine = () => ({ streamPrefix: `${ns}-` });

    beforeEach(async () => {
      subject = await factory();
      store = subject.store;
      ns = uniquePrefix();
    });

    afterEach(async () => {
      await store.close();
      await subject.cleanup?.();
    });

    describe('append and read', () => {
      it('round-trips type, JSON data and metadata; recordedAt is the store’s ISO timestamp', async () => {
        const data = {
          n: 1.5,
          s: 'héllo ✓ "quoted"',
          nil: null,
          yes: true,
          list: [1, 'two', { three: [3] }],
          deep: { a: { b: {} } },
        };
        const metadata = {
          gameId: 'g1',
          turn: 2,
          phase: 'orders',
          step: 'D1',
          prevHash: 'ab',
          hash: 'cd',
          commandId: 'x',
        };
        const before = Date.now();
        await store.append(
          s('a'),
          [newEvent('Created', data, metadata), newEvent('Listed', [1, 2, 3]), newEvent('Said', 'plain string')],
          'no-stream',
        );
        const events = await store.readStream(s('a'));
        expect(events.map((e) => [e.stream, e.revision, e.type])).toEqual([
          [s('a'), 0, 'Created'],
          [s('a'), 1, 'Listed'],
          [s('a'), 2, 'Said'],
        ]);
        expect(events[0].data).toEqual(data);
        expect(events[0].metadata).toEqual({ correlationId: 'c-1', schemaVersion: 1, ...metadata });
        expect(events[1].data).toEqual([1, 2, 3]);
        expect(events[2].data).toBe('plain string');
        for (const e of events) {
          expect(e.recordedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
          expect(Date.parse(e.recordedAt)).toBeGreaterThanOrEqual(before - 60_000); // clock skew with a server
          expect(Number.isSafeInteger(e.position)).toBe(true);
          expect((e.data as Record<string, unknown>)?.recordedAt).toBeUndefined(); // outside data
        }
      });

      it('hands out copies: mutating a read or an appended object changes nothing stored', async () => {
        const data = { list: [1] };
        await store.append(s('a'), [newEvent('E', data)], 'no-stream');
        data.list.push(2);
        const [first] = await store.readStream(s('a'));
        (first.data as { list: number[] }).list.push(3);
        expect((await store.readStream(s('a')))[0].data).toEqual({ list: [1] });
      });

      it('numbers revisions from 0 and reports revisions and positions of each append', async () => {
        const first = await store.append(s('a'), batch(3), 'no-stream');
        expect(first).toMatchObject({ firstRevision: 0, lastRevision: 2, nextExpectedRevision: 2 });
        expect(first.positions).toHaveLength(3);
        const second = await store.append(s('a'), batch(2, 3), 2);
        expect(second).toMatchObject({ firstRevision: 3, lastRevision: 4, nextExpectedRevision: 4 });
        const all = [...first.positions, ...second.positions];
        expect(all).toEqual([...all].sort((x, y) => x - y));
        expect(new Set(all).size).toBe(5);
        expect((await store.readStream(s('a'))).map((e) => e.position)).toEqual(all);
        expect((await store.readStream(s('a'))).map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
      });

      it('reports the stream revision (null for an unknown stream), and an unknown stream reads as []', async () => {
        expect(await store.streamRevision(s('none'))).toBeNull();
        expect(await store.readStream(s('none'))).toEqual([]);
        expect(await store.readStream(s('none'), { direction: 'backwards' })).toEqual([]);
        await store.append(s('a'), batch(4), 'no-stream');
        expect(await store.streamRevision(s('a'))).toBe(3);
      });

      it('rejects invalid arguments as TypeErrors', async () => {
        await expect(store.append('', batch(1), 'any')).rejects.toThrow(TypeError);
        await expect(store.append(s('a'), batch(1), -1)).rejects.toThrow(TypeError);
        await expect(store.append(s('a'), batch(1), 1.5)).rejects.toThrow(TypeError);
        await expect(store.append(s('a'), [{ type: 'X', data: undefined, metadata: {} }], 'any')).rejects.toThrow(
          TypeError,
        );
        await expect(store.append(s('a'), [{ type: '', data: {}, metadata: {} }], 'any')).rejects.toThrow(TypeError);
        await expect(store.readStream(s('a'), { from: -1 })).rejects.toThrow(TypeError);
        expect(await store.streamRevision(s('a'))).toBeNull();
      });
    });

    describe('expected revision', () => {
      it("'no-stream' creates a new stream and conflicts on an existing one", async () => {
        await store.append(s('a'), batch(2), 'no-stream');
        const error = await store.append(s('a'), batch(1, 9), 'no-stream').catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ stream: s('a'), expected: 'no-stream', actual: 1 });
        expect((error as Error).message).toContain(s('a'));
        expect(await store.streamRevision(s('a'))).toBe(1);
      });

      it('a stale revision conflicts and appends nothing', async () => {
        await store.append(s('a'), batch(3), 'no-stream');
        const error = await store.append(s('a'), batch(2, 100), 1).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ stream: s('a'), expected: 1, actual: 2 });
        expect((await store.readStream(s('a'))).map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2]);
      });

      it('a revision on a missing stream conflicts with actual no-stream', async () => {
        const error = await store.append(s('a'), batch(1), 0).catch((e: unknown) => e);
        expect(error).toMatchObject({ expected: 0, actual: 'no-stream' });
        expect(await store.readStream(s('a'))).toEqual([]);
      });

      it("'any' appends to a new and to an existing stream", async () => {
        expect((await store.append(s('a'), batch(2), 'any')).lastRevision).toBe(1);
        expect((await store.append(s('a'), batch(2, 2), 'any')).lastRevision).toBe(3);
        expect(await store.streamRevision(s('a'))).toBe(3);
      });

      it('an empty batch is only a check', async () => {
        expect(await store.append(s('a'), [], 'no-stream')).toEqual({
          nextExpectedRevision: 'no-stream',
          firstRevision: 0,
          lastRevision: -1,
          positions: [],
        });
        await store.append(s('a'), batch(2), 'no-stream');
        expect(await store.append(s('a'), [], 1)).toEqual({
          nextExpectedRevision: 1,
          firstRevision: 2,
          lastRevision: 1,
          positions: [],
        });
        await expect(store.append(s('a'), [], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(store.append(s('b'), [], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.streamRevision(s('a'))).toBe(1);
        expect(await store.streamRevision(s('b'))).toBeNull();
      });
    });

    describe('atomicity and concurrency', () => {
      it('a batch that fails part-way leaves nothing (an invalid event in the middle)', async () => {
        await store.append(s('a'), batch(1), 'no-stream');
        const bad = [...batch(3, 1), { type: 'Bad', data: { big: BigInt(1) }, metadata: {} }, ...batch(3, 4)];
        await expect(store.append(s('a'), bad, 0)).rejects.toThrow(TypeError);
        expect(await store.streamRevision(s('a'))).toBe(0);
      });

      it('of many concurrent appends with the same expected revision exactly one wins, whole', async () => {
        await store.append(s('a'), batch(1), 'no-stream');
        const writers = range(1, 12);
        const results = await Promise.allSettled(
          writers.map((w) => store.append(s('a'), batch(20, 0, 'Counted', `w${w}`), 0)),
        );
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(writers.length - 1);
        for (const r of lost) expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
        const events = await store.readStream(s('a'));
        expect(events).toHaveLength(21);
        const tags = new Set(events.slice(1).map((e) => (e.data as { tag: string }).tag));
        expect(tags.size).toBe(1); // the winner's batch, and nothing interleaved from a loser
      });

      it("of concurrent creations with 'no-stream' exactly one wins", async () => {
        const results = await Promise.allSettled(
          range(1, 10).map((w) => store.append(s('new'), batch(3, 0, 'Counted', `w${w}`), 'no-stream')),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect(await store.readStream(s('new'))).toHaveLength(3);
      });

      it('sequential writers that reload and retry on conflict all get in, in order', async () => {
        await store.append(s('a'), batch(1), 'no-stream');
        const write = async (w: number) => {
          for (;;) {
            const revision = (await store.streamRevision(s('a'))) as number;
            try {
              return await store.append(s('a'), [newEvent('W', { w })], revision);
            } catch (error) {
              if (!(error instanceof WrongExpectedRevisionError)) throw error;
            }
          }
        };
        await Promise.all(range(1, 8).map(write));
        const ws = (await store.readStream(s('a'))).slice(1).map((e) => (e.data as { w: number }).w);
        expect([...ws].sort((x, y) => x - y)).toEqual(range(1, 8));
      });
    });

    describe('ordering and $all', () => {
      it('keeps order within and across streams; global positions strictly increase', async () => {
        const from = await marker();
        const plan: [string, string][] = [
          ['a', 'A1'],
          ['b', 'B1'],
          ['a', 'A2'],
          ['c', 'C1'],
          ['b', 'B2'],
          ['a', 'A3'],
        ];
        const returned: number[] = [];
        for (const [stream, type] of plan)
          returned.push(...(await store.append(s(stream), [newEvent(type)], 'any')).positions);
        const all = await store.readAll({ fromPosition: from, filter: mine() });
        expect(all.map((e) => e.type)).toEqual(plan.map(([, t]) => t));
        expect(all.map((e) => e.position)).toEqual(returned);
        for (let i = 1; i < all.length; i++) expect(all[i].position).toBeGreaterThan(all[i - 1].position);
        expect(all.filter((e) => e.stream === s('a')).map((e) => e.revision)).toEqual([0, 1, 2]);
        expect((await store.readStream(s('a'))).map((e) => e.type)).toEqual(['A1', 'A2', 'A3']);
      });

      it('readAll filters by stream prefix and event types and resumes after a position (exclusive)', async () => {
        const from = await marker();
        await store.append(s('game-1'), [newEvent('Created'), newEvent('Moved'), newEvent('Hit')], 'no-stream');
        await store.append(s('other-1'), [newEvent('Created'), newEvent('Moved')], 'no-stream');
        await store.append(s('game-2'), [newEvent('Created'), newEvent('Hit')], 'no-stream');
        const games = await store.readAll({ fromPosition: from, filter: { streamPrefix: s('game-') } });
        expect(games.map((e) => `${e.stream.slice(ns.length + 1)}:${e.type}`)).toEqual([
          'game-1:Created',
          'game-1:Moved',
          'game-1:Hit',
          'game-2:Created',
          'game-2:Hit',
        ]);
        const hits = await store.readAll({ fromPosition: from, filter: { ...mine(), eventTypes: ['Hit', 'Moved'] } });
        expect(hits.map((e) => e.type)).toEqual(['Moved', 'Hit', 'Moved', 'Hit']);
        const gameHits = await store.readAll({
          fromPosition: from,
          filter: { streamPrefix: s('game-'), eventTypes: ['Hit'] },
        });
        expect(gameHits.map((e) => e.stream)).toEqual([s('game-1'), s('game-2')]);
        const after = await store.readAll({ fromPosition: games[1].position, filter: mine() });
        expect(after[0].position).toBeGreaterThan(games[1].position);
        expect(after.map((e) => e.type)).toEqual(['Hit', 'Created', 'Moved', 'Created', 'Hit']);
        expect(await store.readAll({ fromPosition: from, filter: mine(), maxCount: 2 })).toHaveLength(2);
        expect(await store.readAll({ fromPosition: from, filter: { ...mine(), eventTypes: [] } })).toEqual([]);
        expect(await store.readAll({ fromPosition: from, filter: { streamPrefix: `${ns}-nothing` } })).toEqual([]);
        expect(await store.readAll({ fromPosition: games[4].position, filter: { streamPrefix: s('game-') } })).toEqual(
          [],
        );
      });

      it('treats prefix characters literally (no wildcards)', async () => {
        const from = await marker();
        await store.append(s('g_1'), [newEvent('A')], 'no-stream');
        await store.append(s('gx1'), [newEvent('B')], 'no-stream');
        await store.append(s('g*1'), [newEvent('C')], 'no-stream');
        await store.append(s('G_1'), [newEvent('D')], 'no-stream');
        const read = (prefix: string) => store.readAll({ fromPosition: from, filter: { streamPrefix: s(prefix) } });
        expect((await read('g_')).map((e) => e.type)).toEqual(['A']);
        expect((await read('g*')).map((e) => e.type)).toEqual(['C']);
        expect(await store.listStreams(s('g_'))).toEqual([s('g_1')]);
      });

      it('lists streams by prefix in creation order', async () => {
        await store.append(s('game-b'), batch(2), 'no-stream');
        await store.append(s('other'), batch(1), 'no-stream');
        await store.append(s('game-a'), batch(1), 'no-stream');
        await store.append(s('game-b'), batch(1, 2), 1);
        expect(await store.listStreams(s('game-'))).toEqual([s('game-b'), s('game-a')]);
        expect(await store.listStreams(`${ns}-`)).toEqual([s('game-b'), s('other'), s('game-a')]);
        expect(await store.listStreams(s('none'))).toEqual([]);
      });
    });

    describe('reading a stream', () => {
      it('reads forwards from a revision, backwards, and at most maxCount', async () => {
        await store.append(s('a'), batch(10), 'no-stream');
        const revs = async (o: Parameters<EventStore['readStream']>[1]) =>
          (await store.readStream(s('a'), o)).map((e) => e.revision);
        expect(await revs({ from: 3, maxCount: 4 })).toEqual([3, 4, 5, 6]);
        expect(await revs({ from: 8 })).toEqual([8, 9]);
        expect(await revs({ from: 20 })).toEqual([]);
        expect(await revs({ direction: 'backwards' })).toEqual(range(0, 9).reverse());
        expect(await revs({ direction: 'backwards', from: 5, maxCount: 3 })).toEqual([5, 4, 3]);
        expect(await revs({ direction: 'backwards', from: 100, maxCount: 2 })).toEqual([9, 8]);
        expect(await revs({ direction: 'backwards', maxCount: 1 })).toEqual([9]);
        expect(await revs({ maxCount: 0 })).toEqual([]);
      });

      it('finds the events of a command by its id, in order, in its stream only', async () => {
        const command = (id: string, count: number, offset: number) =>
          Array.from({ length: count }, (_, k) => newEvent('Done', { i: offset + k }, { commandId: id }));
        await store.append(s('a'), command('first', 3, 0), 'no-stream');
        await store.append(s('a'), [...command('second', 2, 3), ...command('other', 1, 5)], 2);
        await store.append(s('b'), command('first', 1, 0), 'no-stream');
        await store.append(s('a'), command('first', 2, 6), 5);
        const found = async (stream: string, id: string) =>
          (await store.readCommand(stream, id)).map((event) => [event.revision, (event.data as { i: number }).i]);
        expect(await found(s('a'), 'first')).toEqual([
          [0, 0],
          [1, 1],
          [2, 2],
          [6, 6],
          [7, 7],
        ]);
        expect(await found(s('a'), 'second')).toEqual([
          [3, 3],
          [4, 4],
        ]);
        expect(await found(s('b'), 'first')).toEqual([[0, 0]]);
        expect(await found(s('a'), 'none')).toEqual([]);
        expect(await found(s('missing'), 'first')).toEqual([]);
        const [event] = await store.readCommand(s('a'), 'other');
        expect(event).toMatchObject({ stream: s('a'), revision: 5, type: 'Done', metadata: { commandId: 'other' } });
        await expect(store.readCommand(s('a'), '')).rejects.toThrow(TypeError);
      });

      it('pages through a stream of a few thousand events without one giant read', async () => {
        const total = 3000;
        let expected: ExpectedRevision = 'no-stream';
        for (let offset = 0; offset < total; offset += 500) {
          expected = (await store.append(s('big'), batch(500, offset), expected)).nextExpectedRevision;
        }
        const sizes: number[] = [];
        const seen: number[] = [];
        for await (const page of store.readStreamPages(s('big'), { pageSize: 700 })) {
          sizes.push(page.length);
          seen.push(...page.map((e) => e.revision));
        }
        expect(sizes).toEqual([700, 700, 700, 700, 200]);
        expect(seen).toEqual(range(0, total - 1));

        const backwards: number[] = [];
        for await (const page of store.readStreamPages(s('big'), {
          direction: 'backwards',
          pageSize: 1000,
          from: 2499,
        })) {
          backwards.push(...page.map((e) => e.revision));
        }
        expect(backwards).toEqual(range(0, 2499).reverse());

        let count = 0;
        for await (const event of store.streamEvents(s('big'), { from: 1000, pageSize: 333, maxCount: 1500 })) {
          expect(event.revision).toBe(1000 + count);
          count++;
        }
        expect(count).toBe(1500);

        const positions: number[] = [];
        for await (const page of store.readAllPages({ filter: { streamPrefix: s('big') }, pageSize: 900 })) {
          expect(page.length).toBeLessThanOrEqual(900);
          positions.push(...page.map((e) => e.position));
        }
        expect(positions).toHaveLength(total);
        for (let i = 1; i < positions.length; i++) expect(positions[i]).toBeGreaterThan(positions[i - 1]);
      });
    });

    describe('subscriptions', () => {
      it('to a stream: catch-up, then live', async () => {
        await store.append(s('a'), batch(3), 'no-stream');
        const got = collect(store.subscribe({ stream: s('a') }));
        try {
          await waitFor(() => got.events.length === 3, 'catch-up', liveTimeoutMs);
          await store.append(s('b'), batch(1), 'no-stream'); // another stream: not delivered
          await store.append(s('a'), batch(2, 3), 2);
          await waitFor(() => got.events.length === 5, 'live events', liveTimeoutMs);
          await sleep(quietMs);
          expect(got.events.map((e) => `${e.stream}@${e.revision}`)).toEqual(range(0, 4).map((r) => `${s('a')}@${r}`));
          expect(got.events[4].data).toEqual({ i: 4, tag: '' });
          expect(got.error).toBeUndefined();
        } finally {
          got.subscription.unsubscribe();
        }
      });

      it('to all (filtered): catch-up across streams, then live, in position order', async () => {
        const from = await marker();
        await store.append(s('a'), batch(2), 'no-stream');
        await store.append(s('b'), batch(1), 'no-stream');
        const got = collect(store.subscribe({ fromPosition: from, filter: mine() }));
        try {
          await waitFor(() => got.events.length === 3, 'catch-up', liveTimeoutMs);
          await store.append(`elsewhere-${ns}`, batch(1), 'no-stream');
          await store.append(s('a'), batch(1, 2), 1);
          await store.append(s('c'), batch(2), 'no-stream');
          await waitFor(() => got.events.length === 6, 'live events', liveTimeoutMs);
          await sleep(quietMs);
          expect(got.events.map((e) => `${e.stream.slice(ns.length + 1)}@${e.revision}`)).toEqual([
            'a@0',
            'a@1',
            'b@0',
            'a@2',
            'c@0',
            'c@1',
          ]);
          const positions = got.events.map((e) => e.position);
          expect(positions).toEqual([...positions].sort((x, y) => x - y));
          expect(got.events.every((e) => e.position > from)).toBe(true);
        } finally {
          got.subscription.unsubscribe();
        }
      });

      it('filters by event type', async () => {
        const from = await marker();
        await store.append(s('a'), [newEvent('Keep'), newEvent('Drop'), newEvent('Keep')], 'no-stream');
        const byStream = collect(store.subscribe({ stream: s('a'), filter: { eventTypes: ['Keep'] } }));
        const byAll = collect(store.subscribe({ fromPosition: from, filter: { ...mine(), eventTypes: ['Keep'] } }));
        try {
          await store.append(s('a'), [newEvent('Drop'), newEvent('Keep')], 2);
          await waitFor(() => byStream.events.length === 3 && byAll.events.length === 3, 'kept events', liveTimeoutMs);
          await sleep(quietMs);
          expect(byStream.events.map((e) => e.revision)).toEqual([0, 2, 4]);
          expect(byAll.events.map((e) => e.revision)).toEqual([0, 2, 4]);
        } finally {
          byStream.subscription.unsubscribe();
          byAll.subscription.unsubscribe();
        }
      });

      it('resumes after a checkpoint (exclusive) without loss or duplicates', async () => {
        const from = await marker();
        const first = await store.append(s('a'), batch(5), 'no-stream');
        const byRevision = collect(store.subscribe({ stream: s('a'), fromRevision: 2 }));
        const byPosition = collect(store.subscribe({ fromPosition: first.positions[1], filter: mine() }));
        const fromMarker = collect(store.subscribe({ fromPosition: from, filter: mine() }));
        try {
          await store.append(s('a'), batch(2, 5), 4);
          await waitFor(
            () => byRevision.events.length === 4 && byPosition.events.length === 5 && fromMarker.events.length === 7,
            'resumed events',
            liveTimeoutMs,
          );
          await sleep(quietMs);
          expect(byRevision.events.map((e) => e.revision)).toEqual([3, 4, 5, 6]);
          expect(byPosition.events.map((e) => e.revision)).toEqual([2, 3, 4, 5, 6]);
          expect(fromMarker.events.map((e) => e.revision)).toEqual(range(0, 6));
        } finally {
          byRevision.subscription.unsubscribe();
          byPosition.subscription.unsubscribe();
          fromMarker.subscription.unsubscribe();
        }
      });

      it('delivers events appended during catch-up exactly once, in order (stream and all)', async () => {
        const from = await marker();
        let expected: ExpectedRevision = 'no-stream';
        for (let offset = 0; offset < 1200; offset += 400) {
          expected = (await store.append(s('a'), batch(400, offset), expected)).nextExpectedRevision;
        }
        const byStream = collect(store.subscribe({ stream: s('a') }));
        const byAll = collect(store.subscribe({ fromPosition: from, filter: mine() }));
        try {
          for (let k = 0; k < 30; k++) {
            expected = (await store.append(s('a'), batch(10, 1200 + k * 10), expected)).nextExpectedRevision;
            if (k % 3 === 0) await new Promise((resolve) => setImmediate(resolve));
          }
          await waitFor(
            () => byStream.events.length >= 1500 && byAll.events.length >= 1500,
            'all 1500 events',
            liveTimeoutMs * 2,
          );
          await sleep(quietMs);
          expect(byStream.events.map((e) => e.revision)).toEqual(range(0, 1499));
          expect(byAll.events.map((e) => e.revision)).toEqual(range(0, 1499));
        } finally {
          byStream.subscription.unsubscribe();
          byAll.subscription.unsubscribe();
        }
      });

      it('delivers exactly once under random catch-up/live interleavings (property)', async () => {
        let run = 0;
        await fc.assert(
          fc.asyncProperty(
            fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 5 }),
            fc.array(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 3 })), {
              minLength: 1,
              maxLength: 6,
            }),
            fc.nat(),
            fc.boolean(),
            async (initial, concurrent, checkpointSeed, toAll) => {
              const stream = s(`p${run++}-`);
              let expected: ExpectedRevision = 'no-stream';
              let total = 0;
              const positions: number[] = [];
              const from = await marker();
              for (const n of initial) {
                const r = await store.append(stream, batch(n, total), expected);
                expected = r.nextExpectedRevision;
                positions.push(...r.positions);
                total += n;
              }
              // checkpoint: -1 = from the start, else "already processed revision k"
              const k = (checkpointSeed % (total + 1)) - 1;
              const got = collect(
                toAll
                  ? store.subscribe({ fromPosition: k < 0 ? from : positions[k], filter: { streamPrefix: stream } })
                  : store.subscribe({ stream, fromRevision: k < 0 ? undefined : k }),
              );
              try {
                for (const [n, yields] of concurrent) {
                  for (let y = 0; y < yields; y++) await new Promise((resolve) => setImmediate(resolve));
                  expected = (await store.append(stream, batch(n, total), expected)).nextExpectedRevision;
                  total += n;
                }
                await waitFor(
                  () => got.events.length >= total - (k + 1),
                  'every event after the checkpoint',
                  liveTimeoutMs,
                );
                await sleep(10);
                expect(got.events.map((e) => e.revision)).toEqual(range(k + 1, total - 1));
              } finally {
                got.subscription.unsubscribe();
              }
            },
          ),
          { numRuns: options.propertyRuns ?? 25 },
        );
      });

      it('stops delivering after unsubscribe', async () => {
        const got = collect(store.subscribe({ stream: s('a') }));
        await store.append(s('a'), batch(2), 'no-stream');
        await waitFor(() => got.events.length === 2, 'live events', liveTimeoutMs);
        got.subscription.unsubscribe();
        await store.append(s('a'), batch(3, 2), 1);
        await sleep(Math.max(quietMs, 300));
        expect(got.events).toHaveLength(2);
      });

      it('is ready while open; completes live subscriptions when it closes; afterwards calls are unavailable', async () => {
        const got = collect(store.subscribe({ stream: s('a') }));
        await expect(store.checkReady()).resolves.toBeUndefined();
        await store.close();
        await expect(store.checkReady()).rejects.toBeInstanceOf(EventStoreUnavailableError);
        await waitFor(() => got.completed, 'completion', liveTimeoutMs);
        await store.close(); // idempotent
        await expect(store.append(s('a'), batch(1), 'any')).rejects.toBeInstanceOf(EventStoreUnavailableError);
        await expect(store.readStream(s('a'))).rejects.toThrow(/^event store unavailable: /);
        const late = collect(store.subscribe({ stream: s('a') }));
        expect(late.error).toBeInstanceOf(EventStoreUnavailableError);
      });
    });

    describe('snapshots', () => {
      const snapshots = () => subject.snapshots as SnapshotStore;
      const maybe = (title: string, fn: () => Promise<void>) =>
        it(title, async () => {
          if (!subject.snapshots) return; // adapter without a snapshot store of its own
          await fn();
        });

      maybe('saves, loads the latest at or before a revision, keyed by engine version', async () => {
        expect(await snapshots().loadSnapshot(s('g'), 'v1')).toBeNull();
        await snapshots().saveSnapshot(s('g'), 10, 'v1', '{"at":10}');
        await snapshots().saveSnapshot(s('g'), 20, 'v1', '{"at":20}');
        await snapshots().saveSnapshot(s('g'), 30, 'v2', '{"at":30}');
        expect(await snapshots().loadSnapshot(s('g'), 'v1')).toEqual({ revision: 20, state: '{"at":20}' });
        expect(await snapshots().loadSnapshot(s('g'), 'v1', 19)).toEqual({ revision: 10, state: '{"at":10}' });
        expect(await snapshots().loadSnapshot(s('g'), 'v1', 20)).toEqual({ revision: 20, state: '{"at":20}' });
        expect(await snapshots().loadSnapshot(s('g'), 'v1', 9)).toBeNull();
        expect(await snapshots().loadSnapshot(s('g'), 'v2')).toEqual({ revision: 30, state: '{"at":30}' });
        expect(await snapshots().loadSnapshot(s('g'), 'v3')).toBeNull();
        await snapshots().saveSnapshot(s('g'), 20, 'v1', '{"at":"20 again"}');
        expect(await snapshots().loadSnapshot(s('g'), 'v1')).toEqual({ revision: 20, state: '{"at":"20 again"}' });
      });

      maybe('deletes one stream’s snapshots, or all', async () => {
        await snapshots().saveSnapshot(s('g1'), 1, 'v1', 'a');
        await snapshots().saveSnapshot(s('g1'), 2, 'v1', 'b');
        await snapshots().saveSnapshot(s('g2'), 1, 'v1', 'c');
        expect(await snapshots().deleteSnapshots(s('g1'))).toBe(2);
        expect(await snapshots().loadSnapshot(s('g1'), 'v1')).toBeNull();
        expect(await snapshots().loadSnapshot(s('g2'), 'v1')).toEqual({ revision: 1, state: 'c' });
        expect(await snapshots().deleteSnapshots()).toBeGreaterThanOrEqual(1);
        expect(await snapshots().loadSnapshot(s('g2'), 'v1')).toBeNull();
      });

      maybe('deletes the snapshots of every other engine version, and keeps that version’s', async () => {
        await snapshots().saveSnapshot(s('g1'), 1, 'old', 'a');
        await snapshots().saveSnapshot(s('g1'), 2, 'current', 'b');
        await snapshots().saveSnapshot(s('g2'), 1, 'older', 'c');
        await snapshots().saveSnapshot(s('g2'), 3, 'old', 'd');
        expect(await snapshots().deleteSnapshotsExcept('current')).toBeGreaterThanOrEqual(3);
        expect(await snapshots().loadSnapshot(s('g1'), 'old')).toBeNull();
        expect(await snapshots().loadSnapshot(s('g2'), 'older')).toBeNull();
        expect(await snapshots().loadSnapshot(s('g2'), 'old')).toBeNull();
        expect(await snapshots().loadSnapshot(s('g1'), 'current')).toEqual({ revision: 2, state: 'b' });
        expect(await snapshots().deleteSnapshotsExcept('current')).toBe(0);
        expect(await snapshots().loadSnapshot(s('g1'), 'current')).toEqual({ revision: 2, state: 'b' });
      });
    });
  });
}
