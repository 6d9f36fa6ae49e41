import { CommandRejected, fold, runScenario } from '@app/rules';
import type { DomainEvent } from '@app/rules';
import { ConcurrencyConflictError, GameAlreadyExistsError, GameNotFoundError } from '../src/games.errors';
import { gameStream } from '../src/game-stream';
import { eventHash, genesisHash } from '@app/verifier';
import { appendManyGames } from '../../../test/support/many-games.store';
import { GamesHarness, exampleScenario, playScenario, temporaryDirectory } from './games-testing';

const strip = (event: { type: string; data: unknown }) => ({ type: event.type, data: event.data });

describe('GameCommandService (load → decide → one atomic append → retry on conflict), on SQLite', () => {
  const dir = temporaryDirectory();
  let harness: GamesHarness;

  beforeAll(async () => {
    harness = await GamesHarness.start({ store: { kind: 'sqlite', sqlitePath: dir.path('commands.db') } });
  });
  afterAll(async () => {
    await harness.close();
    dir.cleanup();
  });

  it('records a game exactly as the pure engine derives it, with every event chained from the genesis hash keyed with the game’s chain secret', async () => {
    const scenario = exampleScenario();
    await playScenario(harness, scenario, 'chained');
    const stored = await harness.store.readStream(gameStream('chained'));
    const expected = runScenario(scenario, 'chained').events;
    expect(stored.map(strip)).toEqual(expected.map(strip));
    expect(stored.map((event) => event.revision)).toEqual(expected.map((_, i) => i));
    const secret = stored[0].metadata.chainSecret as string;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.filter((event) => 'chainSecret' in event.metadata)).toHaveLength(1);
    let previous = genesisHash('chained', secret);
    expect(previous).not.toBe(genesisHash('chained'));
    for (const event of stored) {
      expect(event.metadata.prevHash).toBe(previous);
      expect(event.metadata.hash).toBe(eventHash(previous, event));
      previous = event.metadata.hash as string;
    }
  });

  it('keeps the latest state equal to the fold of the stored events', async () => {
    const stored = await harness.store.readStream(gameStream('chained'));
    const latest = await harness.repository.loadLatest('chained');
    expect(latest.revision).toBe(stored.length - 1);
    expect(latest.state).toEqual(fold(stored as unknown as DomainEvent[]));
  });

  it('hands readers a state of their own: a command that decides in place afterwards does not change it', async () => {
    const { turns: _turns, ...setup } = exampleScenario();
    await harness.commands.createGame({ gameId: 'held', setup }, 'held-setup');
    const held = await harness.repository.loadLatest('held');
    const heldAt = await harness.repository.loadAt('held', held.revision);
    const before = JSON.stringify(held.state);
    await harness.commands.handle('held', 'ConfirmOrders', { player: 'red' }, { commandId: 'held-red' });
    await harness.commands.handle('held', 'ConfirmOrders', { player: 'blue' }, { commandId: 'held-blue' });
    expect(JSON.stringify(held.state)).toBe(before);
    expect(JSON.stringify(heldAt.state)).toBe(before);
    expect((await harness.repository.loadLatest('held')).revision).toBeGreaterThan(held.revision);
  });

  it('draws a new chain secret for every game', async () => {
    const { turns: _turns, ...setup } = exampleScenario();
    await harness.commands.createGame({ gameId: 'twin-a', setup }, 'twin');
    await harness.commands.createGame({ gameId: 'twin-b', setup }, 'twin');
    const [a] = await harness.store.readStream(gameStream('twin-a'), { maxCount: 1 });
    const [b] = await harness.store.readStream(gameStream('twin-b'), { maxCount: 1 });
    expect(a.metadata.chainSecret).not.toBe(b.metadata.chainSecret);
  });

  it('refuses a second game with the same id, and appends nothing', async () => {
    const { turns: _turns, ...setup } = exampleScenario();
    const before = await harness.store.streamRevision(gameStream('chained'));
    await expect(harness.commands.createGame({ gameId: 'chained', setup }, 'again')).rejects.toBeInstanceOf(
      GameAlreadyExistsError,
    );
    expect(await harness.store.streamRevision(gameStream('chained'))).toBe(before);
  });

  it('reports an unknown game', async () => {
    await expect(
      harness.commands.handle('nowhere', 'ConfirmOrders', { player: 'red' }, { commandId: 'c' }),
    ).rejects.toBeInstanceOf(GameNotFoundError);
  });

  it('S3/S4: a command the rules refuse throws CommandRejected and appends nothing', async () => {
    const { turns: _turns, ...setup } = exampleScenario();
    await harness.commands.createGame({ gameId: 'refusals', setup }, 'setup');
    const before = await harness.store.streamRevision(gameStream('refusals'));
    await expect(
      harness.commands.handle(
        'refusals',
        'TargetSpell',
        { player: 'red', spell: 'mend', target: { minion: 'r-sword' } },
        { commandId: 'x' },
      ),
    ).rejects.toBeInstanceOf(CommandRejected);
    await expect(
      harness.commands.handle('refusals', 'CollectGarbage', { turn: 1 }, { commandId: 'y' }),
    ).rejects.toMatchObject({
      kind: 'phase',
      rule: 'T1',
    });
    expect(await harness.store.streamRevision(gameStream('refusals'))).toBe(before);
  });

  it('T2: two concurrent confirmations from both players execute the turn exactly once', async () => {
    const { turns: _turns, ...setup } = exampleScenario();
    await harness.commands.createGame({ gameId: 'both-confirm', setup }, 'setup');
    await Promise.all([
      harness.commands.handle('both-confirm', 'ConfirmOrders', { player: 'red' }, { commandId: 'red-confirms' }),
      harness.commands.handle('both-confirm', 'ConfirmOrders', { player: 'blue' }, { commandId: 'blue-confirms' }),
    ]);
    const events = await harness.store.readStream(gameStream('both-confirm'));
    expect(events.filter((event) => event.type === 'OrdersConfirmed')).toHaveLength(2);
    expect(events.filter((event) => event.type === 'SpellExecutionPhaseStarted')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'TurnEnded')).toHaveLength(1);
  });
});

describe('GameCommandService within one process', () => {
  const dir = temporaryDirectory();
  let harness: GamesHarness;

  beforeAll(async () => {
    // One attempt only: any revision conflict would fail a command, so every command here must be serialised.
    harness = await GamesHarness.start({
      store: { kind: 'sqlite', sqlitePath: dir.path('serial.db') },
      maxCommandAttempts: 1,
    });
  });
  afterAll(async () => {
    await harness.close();
    dir.cleanup();
  });

  it('runs concurrent commands on one game one after another, each deciding on the state the previous one left', async () => {
    const { turns: _turns, ...setup } = exampleScenario();
    await harness.commands.createGame({ gameId: 'busy', setup }, 'setup');
    const orders = ['b-archer', 'b-sword'].map((minion, i) =>
      harness.commands.handle(
        'busy',
        'TargetSpell',
        { player: 'red', spell: 'bolt', target: { minion } },
        { commandId: `o${i}` },
      ),
    );
    const refused = harness.commands.handle(
      'busy',
      'DiscardSpell',
      { player: 'blue', spell: 'nothing' },
      { commandId: 'bad' },
    );
    const confirms = (['red', 'blue'] as const).map((player) =>
      harness.commands.handle('busy', 'ConfirmOrders', { player }, { commandId: `${player}-confirms` }),
    );
    const results = await Promise.allSettled([...orders, refused, ...confirms]);
    // Red holds two bolts (one drawn at turn start): both orders land; the unknown discard is refused.
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const events = await harness.store.readStream(gameStream('busy'));
    expect(events.filter((event) => event.type === 'SpellTargeted')).toHaveLength(2);
    expect(events.filter((event) => event.type === 'SpellExecutionPhaseStarted')).toHaveLength(1);
    expect((await harness.repository.loadLatest('busy')).state).toEqual(fold(events as unknown as DomainEvent[]));
  });
});

describe('GameCommandService with two processes on one SQLite file', () => {
  const dir = temporaryDirectory();
  let first: GamesHarness;
  let second: GamesHarness;
  let impatient: GamesHarness;

  beforeAll(async () => {
    const store = { kind: 'sqlite' as const, sqlitePath: dir.path('shared.db') };
    first = await GamesHarness.start({ store });
    second = await GamesHarness.start({ store });
    impatient = await GamesHarness.start({ store, maxCommandAttempts: 1 });
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close(), impatient.close()]);
    dir.cleanup();
  });

  it('decides on a stale cached state, meets the conflict, reloads and records on the fresh state', async () => {
    const { turns: _turns, ...setup } = exampleScenario();
    await first.commands.createGame({ gameId: 'contested', setup }, 'setup');
    await first.repository.loadLatest('contested');
    // The other process gives an order; the first one's cached state does not know it.
    await second.commands.handle(
      'contested',
      'TargetSpell',
      { player: 'red', spell: 'bolt', target: { minion: 'b-archer' } },
      { commandId: 'a' },
    );
    const outcome = await first.commands.handle('contested', 'ConfirmOrders', { player: 'blue' }, { commandId: 'b' });
    const events = await first.store.readStream(gameStream('contested'));
    expect(outcome.revision).toBe(events.length - 1);
    expect(events.map((event) => event.type).slice(-2)).toEqual(['SpellTargeted', 'OrdersConfirmed']);
    expect(outcome.state).toEqual(fold(events as unknown as DomainEvent[]));
  });

  it('re-checks a refusal made on a stale state before reporting it', async () => {
    // `first` cached the game before red's spell went in elsewhere; cancelling it must find the order.
    const { turns: _turns, ...setup } = exampleScenario();
    await first.commands.createGame({ gameId: 'stale-refusal', setup }, 'setup');
    await first.repository.loadLatest('stale-refusal');
    const targeted = await second.commands.handle(
      'stale-refusal',
      'TargetSpell',
      { player: 'red', spell: 'bolt', target: { minion: 'b-archer' } },
      { commandId: 'a' },
    );
    const orderId = (targeted.events[0].data as { orderId: string }).orderId;
    const cancelled = await first.commands.handle(
      'stale-refusal',
      'CancelOrder',
      { player: 'red', orderId },
      { commandId: 'b' },
    );
    expect(cancelled.events.map((event) => event.type)).toEqual(['SpellUntargeted']);
  });

  it('gives up with a conflict after its attempts, having appended nothing', async () => {
    const { turns: _turns, ...setup } = exampleScenario();
    await impatient.commands.createGame({ gameId: 'given-up', setup }, 'setup');
    await impatient.repository.loadLatest('given-up');
    await second.commands.handle('given-up', 'ConfirmOrders', { player: 'red' }, { commandId: 'a' });
    const before = await second.store.streamRevision(gameStream('given-up'));
    await expect(
      impatient.commands.handle('given-up', 'ConfirmOrders', { player: 'blue' }, { commandId: 'b' }),
    ).rejects.toBeInstanceOf(ConcurrencyConflictError);
    expect(await second.store.streamRevision(gameStream('given-up'))).toBe(before);
  });
});

describe('idempotent commands (a retried command answers with its first result and records nothing new)', () => {
  const dir = temporaryDirectory();
  const store = { kind: 'sqlite' as const, sqlitePath: dir.path('idempotent.db') };
  let one: GamesHarness;
  let two: GamesHarness;

  beforeAll(async () => {
    one = await GamesHarness.start({ store });
    two = await GamesHarness.start({ store });
  });
  afterAll(async () => {
    await Promise.all([one.close(), two.close()]);
    dir.cleanup();
  });

  it('a retried order returns the same order id; the stream does not grow', async () => {
    const { turns: _turns, ...setup } = exampleScenario();
    await one.commands.createGame({ gameId: 'retried', setup }, 'create-key', true);
    const again = await one.commands.createGame({ gameId: 'retried', setup }, 'create-key', true);
    expect(again.replayed).toBe(true);
    await expect(one.commands.createGame({ gameId: 'retried', setup }, 'other-key', true)).rejects.toBeInstanceOf(
      GameAlreadyExistsError,
    );
    const order = { player: 'red' as const, spell: 'bolt', target: { minion: 'b-archer' } };
    const first = await one.commands.handle('retried', 'TargetSpell', order, {
      commandId: 'order-key',
      idempotent: true,
    });
    const before = await one.store.streamRevision(gameStream('retried'));
    // The retry lands on the other process, which never saw the first attempt.
    const retry = await two.commands.handle('retried', 'TargetSpell', order, {
      commandId: 'order-key',
      idempotent: true,
    });
    expect(retry.replayed).toBe(true);
    expect(retry.events).toEqual(first.events);
    expect(await one.store.streamRevision(gameStream('retried'))).toBe(before);
  });

  it('a retry answers the game’s result as of its own revision: none for an order given before the game ended', async () => {
    const { turns: _turns, ...setup } = exampleScenario();
    await one.commands.createGame({ gameId: 'ended-later', setup }, 'ended-later-create');
    const order = { player: 'red' as const, spell: 'bolt', target: { minion: 'b-archer' } };
    const key = { commandId: 'before-the-end', idempotent: true };
    const first = await one.commands.handle('ended-later', 'TargetSpell', order, key);
    const resigned = await one.commands.handle(
      'ended-later',
      'Resign',
      { player: 'blue' },
      { commandId: 'resign', idempotent: true },
    );
    expect(first.resultAtRevision).toBeNull();
    expect(resigned.resultAtRevision).toMatchObject({ winner: 'red', reason: 'resignation' });
    // Retried on the other process, after the end: the order's answer is still that of a game going on.
    expect(await two.commands.handle('ended-later', 'TargetSpell', order, key)).toMatchObject({
      replayed: true,
      resultAtRevision: null,
    });
    expect(
      await two.commands.handle('ended-later', 'Resign', { player: 'blue' }, { commandId: 'resign', idempotent: true }),
    ).toMatchObject({ replayed: true, resultAtRevision: resigned.resultAtRevision });
  });

  it('finds an earlier command of its key without reading the game: as few events read on a long game as on a short one', async () => {
    const { turns: _turns, ...setup } = exampleScenario();
    await one.commands.createGame({ gameId: 'short-keyed', setup }, 'short-create');
    const [longGame] = (await appendManyGames(one.store, { games: 1, turns: 60, prefix: 'long-keyed' })).gameIds;
    expect(await one.store.streamRevision(gameStream(longGame!))).toBeGreaterThan(3000);
    // Every event the store hands out while a keyed command is handled, and then retried.
    const eventsRead = async (gameId: string, key: string) => {
      const [card] = (await one.repository.loadLatest(gameId)).state.players.red.hand;
      let count = 0;
      const spies = (['readStream', 'readAll', 'readCommand'] as const).map((method) => {
        const original = one.store[method].bind(one.store) as (...args: unknown[]) => Promise<unknown[]>;
        return jest.spyOn(one.store, method).mockImplementation((async (...args: unknown[]) => {
          const events = await original(...args);
          count += events.length;
          return events;
        }) as never);
      });
      try {
        const data = { player: 'red' as const, spell: card! };
        const first = await one.commands.handle(gameId, 'DiscardSpell', data, { commandId: key, idempotent: true });
        const retry = await one.commands.handle(gameId, 'DiscardSpell', data, { commandId: key, idempotent: true });
        expect(retry).toMatchObject({ replayed: true, events: first.events });
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
      return count;
    };
    // The retry reads its command's one event; before, the search read up to 2,000 events back, on every attempt.
    expect(await eventsRead(longGame!, 'long-discard')).toBeLessThanOrEqual(2);
    expect(await eventsRead('short-keyed', 'short-discard')).toBeLessThanOrEqual(2);
  });

  it('T2: the same confirmation sent twice at once by two processes executes the turn once', async () => {
    const { turns: _turns, ...setup } = exampleScenario();
    await one.commands.createGame({ gameId: 'double-confirm', setup }, 'create');
    await one.commands.handle('double-confirm', 'ConfirmOrders', { player: 'red' }, { commandId: 'red-confirm' });
    const [a, b] = await Promise.all(
      [one, two].map((harness) =>
        harness.commands.handle(
          'double-confirm',
          'ConfirmOrders',
          { player: 'blue' },
          { commandId: 'blue-confirm', idempotent: true },
        ),
      ),
    );
    expect([a.replayed ?? false, b.replayed ?? false].sort()).toEqual([false, true]);
    const events = await one.store.readStream(gameStream('double-confirm'));
    expect(events.filter((event) => event.type === 'OrdersConfirmed')).toHaveLength(2);
    expect(events.filter((event) => event.type === 'SpellExecutionPhaseStarted')).toHaveLength(1);
  });
});
