import Database from 'better-sqlite3';
import { Logger } from '@nestjs/common';
import { type Observable, concat, take, throwError } from 'rxjs';
import { EventStore, EventStoreUnavailableError } from '@app/event-store';
import type { RecordedEvent, SubscribeOptions } from '@app/event-store';
import { gameStream } from '../src/game-stream';
import { DEFAULT_GAMES_OPTIONS } from '../src/games.options';
import { CollectionCheckpointStore } from '../src/scheduling/collection-checkpoint.store';
import { GarbageCollectionScheduler } from '../src/scheduling/garbage-collection.scheduler';
import { COLLECTED, PendingCollections, SCHEDULED } from '../src/scheduling/pending-collections';
import { GamesHarness, exampleScenario, temporaryDirectory } from './games-testing';

/** Plays turn 1 of the example to confirmation: GarbageCollectionScheduled is recorded. */
async function confirmTurnOne(harness: GamesHarness, gameId: string): Promise<void> {
  const { turns: _turns, ...setup } = exampleScenario();
  await harness.commands.createGame({ gameId, setup }, 'setup');
  await harness.commands.handle(
    gameId,
    'TargetSpell',
    { player: 'red', spell: 'bolt', target: { minion: 'b-archer' } },
    { commandId: 'bolt' },
  );
  await harness.commands.handle(gameId, 'ConfirmOrders', { player: 'red' }, { commandId: 'red' });
  await harness.commands.handle(gameId, 'ConfirmOrders', { player: 'blue' }, { commandId: 'blue' });
}

async function count(harness: GamesHarness, gameId: string, type: string): Promise<number> {
  return (await harness.store.readStream(gameStream(gameId))).filter((event) => event.type === type).length;
}

/** Waits until the predicate holds, polling (the scheduler works asynchronously). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('T1: end-of-turn garbage collection as a scheduled command', () => {
  const dir = temporaryDirectory();
  const store = { kind: 'sqlite' as const, sqlitePath: dir.path('gc.db'), pollIntervalMs: 50 };
  afterAll(() => dir.cleanup());

  it('is carried out once, as its own command, after the turn executes', async () => {
    const harness = await GamesHarness.start({ store, runScheduler: true });
    try {
      await confirmTurnOne(harness, 'live');
      await eventually(async () => (await count(harness, 'live', 'GarbageCollected')) === 1);
      await harness.scheduler.whenIdle();
      const events = await harness.store.readStream(gameStream('live'));
      const collected = events.find((event) => event.type === 'GarbageCollected');
      expect(collected?.data).toEqual({ turn: 1, minionIds: ['b-archer'] });
      expect(collected?.metadata.commandId).toBe('collect-garbage/live/turn-1');
      expect(events[events.length - 1].type).toBe('OrdersPhaseStarted');
      expect((await harness.repository.loadLatest('live')).state.turn).toBe(2);
    } finally {
      await harness.close();
    }
  });

  it('survives a stop between the turn and its collection: the restarted service collects exactly once', async () => {
    const stopped = await GamesHarness.start({ store, runScheduler: false });
    await confirmTurnOne(stopped, 'restarted');
    expect(await count(stopped, 'restarted', 'GarbageCollectionScheduled')).toBe(1);
    expect(await count(stopped, 'restarted', 'GarbageCollected')).toBe(0);
    await stopped.close();

    // Two processes come up at once on the same file and race for the pending collection.
    const [one, two] = await Promise.all([
      GamesHarness.start({ store, runScheduler: true }),
      GamesHarness.start({ store, runScheduler: true }),
    ]);
    try {
      await eventually(async () => (await count(one, 'restarted', 'GarbageCollected')) >= 1);
      await Promise.all([one.scheduler.whenIdle(), two.scheduler.whenIdle()]);
      expect(await count(one, 'restarted', 'GarbageCollected')).toBe(1);
      expect(await count(one, 'live', 'GarbageCollected')).toBe(1);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }

    const third = await GamesHarness.start({ store, runScheduler: true });
    try {
      await third.scheduler.whenIdle();
      expect(await count(third, 'restarted', 'GarbageCollected')).toBe(1);
    } finally {
      await third.close();
    }
  });
});

/** The scheduler of a harness whose own start is left to the test. */
function schedulerOver(harness: GamesHarness, store: EventStore): GarbageCollectionScheduler {
  return new GarbageCollectionScheduler(store, harness.commands, {
    ...DEFAULT_GAMES_OPTIONS,
    store: { kind: 'memory' },
  });
}

/** The real store, but its live subscriptions fail (as a lost connection does) after their first `n` events, `times` times. */
class SubscriptionsThatBreak extends EventStore {
  broken = 0;
  constructor(
    private readonly inner: EventStore,
    private readonly n: number,
    private readonly times: number,
  ) {
    super();
  }
  subscribe(options?: SubscribeOptions): Observable<RecordedEvent> {
    const source = this.inner.subscribe(options);
    if (this.broken >= this.times) return source;
    this.broken += 1;
    return concat(
      source.pipe(take(this.n)),
      throwError(() => new EventStoreUnavailableError('connection lost')),
    );
  }
  append(...args: Parameters<EventStore['append']>) {
    return this.inner.append(...args);
  }
  readStream(...args: Parameters<EventStore['readStream']>) {
    return this.inner.readStream(...args);
  }
  streamRevision(stream: string) {
    return this.inner.streamRevision(stream);
  }
  readAll(...args: Parameters<EventStore['readAll']>) {
    return this.inner.readAll(...args);
  }
  listStreams(prefix?: string) {
    return this.inner.listStreams(prefix);
  }
  close() {
    return Promise.resolve();
  }
}

describe('T1: a scheduled garbage collection always happens while a scheduler runs', () => {
  const dir = temporaryDirectory();
  afterAll(() => dir.cleanup());

  it('a write lock held by another connection fails the collection; it is tried again and recorded once the lock goes', async () => {
    const file = dir.path('locked.db');
    const harness = await GamesHarness.start({ store: { kind: 'sqlite', sqlitePath: file, pollIntervalMs: 50 } });
    const other = new Database(file, { timeout: 0 });
    try {
      await confirmTurnOne(harness, 'locked');
      other.exec('BEGIN IMMEDIATE');
      const scheduler = harness.scheduler;
      const started = scheduler.start();
      await eventually(async () => scheduler.retriedAttempts > 0, 30_000);
      expect(await count(harness, 'locked', 'GarbageCollected')).toBe(0);
      other.exec('COMMIT');
      await started;
      await eventually(async () => (await count(harness, 'locked', 'GarbageCollected')) === 1, 30_000);
      expect((await harness.repository.loadLatest('locked')).state.phase).toBe('orders');
      await scheduler.onApplicationShutdown();
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
      await harness.close();
    }
  }, 60_000);

  it('a lost live subscription is taken up again from where it was: another process’s turns are still collected, each once', async () => {
    const file = dir.path('lost.db');
    const store = { kind: 'sqlite' as const, sqlitePath: file, pollIntervalMs: 50 };
    // The turns are played in another process (its own command service, no scheduler): this scheduler learns of
    // them only from the store's live stream.
    const players = await GamesHarness.start({ store, runScheduler: false });
    const harness = await GamesHarness.start({ store });
    const breaking = new SubscriptionsThatBreak(harness.store, 0, 2);
    const scheduler = schedulerOver(harness, breaking);
    try {
      await scheduler.start();
      await confirmTurnOne(players, 'lost');
      await eventually(async () => (await count(harness, 'lost', 'GarbageCollected')) === 1, 20_000);
      await players.commands.handle('lost', 'ConfirmOrders', { player: 'red' }, { commandId: 'red-2' });
      await players.commands.handle('lost', 'ConfirmOrders', { player: 'blue' }, { commandId: 'blue-2' });
      await eventually(async () => (await count(harness, 'lost', 'GarbageCollected')) === 2, 20_000);
      await scheduler.whenIdle();
      expect(breaking.broken).toBe(2);
      expect(await count(harness, 'lost', 'GarbageCollected')).toBe(2);
    } finally {
      scheduler.onApplicationShutdown();
      await Promise.all([players.close(), harness.close()]);
    }
  }, 60_000);

  it('a damaged stored event is skipped with a log line; every other game is still collected', async () => {
    const file = dir.path('damaged.db');
    const stopped = await GamesHarness.start({ store: { kind: 'sqlite', sqlitePath: file }, runScheduler: false });
    await confirmTurnOne(stopped, 'damaged');
    await confirmTurnOne(stopped, 'sound');
    await stopped.close();
    const raw = new Database(file);
    raw
      .prepare("UPDATE events SET data = '{not json' WHERE stream = ? AND type = 'GarbageCollectionScheduled'")
      .run(gameStream('damaged'));
    raw.close();
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const harness = await GamesHarness.start({ store: { kind: 'sqlite', sqlitePath: file }, runScheduler: true });
    try {
      await eventually(async () => (await count(harness, 'sound', 'GarbageCollected')) === 1);
      await harness.scheduler.whenIdle();
      expect(errors.mock.calls.map(([message]) => String(message)).join('\n')).toMatch(
        /skipping stored event \d+ of game-damaged .* is damaged/,
      );
    } finally {
      errors.mockRestore();
      await harness.close();
    }
  });

  it('starts from its own checkpoint: what was recorded before it is not read again', async () => {
    const file = dir.path('checkpoint.db');
    const stopped = await GamesHarness.start({ store: { kind: 'sqlite', sqlitePath: file }, runScheduler: false });
    await confirmTurnOne(stopped, 'before');
    const last = (await stopped.store.readAll({})).at(-1)?.position as number;
    // A checkpoint past the pending collection: a scheduler trusting it does not look back.
    await new CollectionCheckpointStore(stopped.store).write(last);
    await confirmTurnOne(stopped, 'after');
    await stopped.close();
    const harness = await GamesHarness.start({ store: { kind: 'sqlite', sqlitePath: file }, runScheduler: true });
    try {
      await eventually(async () => (await count(harness, 'after', 'GarbageCollected')) === 1);
      await harness.scheduler.whenIdle();
      expect(await count(harness, 'before', 'GarbageCollected')).toBe(0);
    } finally {
      await harness.close();
    }
  });
});

describe('the scheduler keeps its own checkpoint', () => {
  const dir = temporaryDirectory();
  afterAll(() => dir.cleanup());

  it('writes it as collections are done, never past one still pending, and a later start reads from it', async () => {
    const file = dir.path('written.db');
    const every = { everyPositions: 1, everyMs: 0 };
    const harness = await GamesHarness.start({
      store: { kind: 'sqlite', sqlitePath: file, pollIntervalMs: 50 },
      runScheduler: true,
      collectionCheckpoint: every,
    });
    const checkpoints = new CollectionCheckpointStore(harness.store);
    try {
      await confirmTurnOne(harness, 'kept');
      await eventually(async () => (await count(harness, 'kept', 'GarbageCollected')) === 1);
      await harness.scheduler.whenIdle();
      const collected = (await harness.store.readStream(gameStream('kept'))).find(
        (event) => event.type === 'GarbageCollected',
      );
      await eventually(async () => ((await checkpoints.read()) ?? -1) >= (collected?.position ?? Infinity));
    } finally {
      await harness.close();
    }
    // A collection left pending (no scheduler) keeps every later checkpoint before it.
    const stopped = await GamesHarness.start({ store: { kind: 'sqlite', sqlitePath: file }, runScheduler: false });
    await confirmTurnOne(stopped, 'pending');
    const scheduled = (await stopped.store.readStream(gameStream('pending'))).find(
      (event) => event.type === 'GarbageCollectionScheduled',
    );
    await stopped.close();
    const after = await GamesHarness.start({
      store: { kind: 'sqlite', sqlitePath: file, pollIntervalMs: 50 },
      runScheduler: true,
      collectionCheckpoint: every,
    });
    try {
      await eventually(async () => (await count(after, 'pending', 'GarbageCollected')) === 1);
      await after.scheduler.whenIdle();
      expect(await count(after, 'kept', 'GarbageCollected')).toBe(1);
      const written = await new CollectionCheckpointStore(after.store).read();
      expect(written).toBeGreaterThanOrEqual((scheduled?.position ?? Infinity) - 1);
    } finally {
      await after.close();
    }
  });

  it('PendingCollections: the safe checkpoint stays before the earliest collection still pending', () => {
    const pending = new PendingCollections(undefined);
    const event = (position: number, type: string, stream: string, turn: number) =>
      ({ position, type, stream, revision: 0, data: { turn }, metadata: {}, recordedAt: '' }) as RecordedEvent;
    pending.note(event(10, SCHEDULED, 'game-a', 1));
    pending.note(event(12, SCHEDULED, 'game-b', 1));
    expect(pending.safeCheckpoint).toBe(9);
    pending.note(event(15, COLLECTED, 'game-a', 1));
    expect(pending.safeCheckpoint).toBe(11);
    pending.note(event(20, COLLECTED, 'game-b', 1));
    expect(pending.safeCheckpoint).toBe(20);
    expect(pending.size).toBe(0);
  });
});
