import { gameStream } from '../src/game-stream';
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
async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
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
