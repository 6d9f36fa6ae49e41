import { EventStore, EventStoreUnavailableError, SqliteEventStore } from '@app/event-store';
import { concat, take, throwError } from 'rxjs';
import { COLOURS } from '@app/rules';
import { exampleScenario, GamesHarness, playScenario, temporaryDirectory } from '../../libs/games/test/games-testing';
import { countFromEvents } from './support/expected-analytics';
import { InProcessAnalytics } from './support/analytics-in-process';
import { playableScenarios } from './support/recorded-games';

/**
 * Issue #4: the read models of the analytics consumer, per game and per spell, against a count made directly
 * from the recorded events — on games played through the real games layer.
 */
describe('analytics read models (in process, SQLite)', () => {
  const dir = temporaryDirectory();
  const storePath = dir.path('store.db');
  let harness: GamesHarness;
  const running: InProcessAnalytics[] = [];

  const analytics = async (name: string): Promise<InProcessAnalytics> => {
    const started = await InProcessAnalytics.start(storePath, dir.path(name));
    running.push(started);
    return started;
  };

  /** A spell ordered and then cancelled (S4): SpellTargeted + SpellUntargeted, never cast. */
  async function cancelledOrderGame(gameId: string): Promise<void> {
    const { turns: _turns, ...setup } = exampleScenario();
    await harness.commands.createGame({ gameId, setup }, 'setup');
    const targeted = await harness.commands.handle(
      gameId,
      'TargetSpell',
      { player: 'red', spell: 'bolt', target: { minion: 'b-archer' } },
      { commandId: 'order' },
    );
    const orderId = (targeted.events.find((event) => event.type === 'SpellTargeted')?.data as { orderId: string })
      .orderId;
    await harness.commands.handle(gameId, 'CancelOrder', { player: 'red', orderId }, { commandId: 'cancel' });
    for (const player of COLOURS) {
      await harness.commands.handle(gameId, 'ConfirmOrders', { player }, { commandId: `confirm-${player}` });
    }
  }

  beforeAll(async () => {
    harness = await GamesHarness.start({ store: { kind: 'sqlite', sqlitePath: storePath } });
    for (const { name, scenario } of playableScenarios()) await playScenario(harness, scenario, name);
    await cancelledOrderGame('cancelled-order');
  });

  afterAll(async () => {
    await Promise.all(running.map((app) => app.close()));
    await harness.close();
    dir.cleanup();
  });

  it('per game and per spell totals equal what the events say, counted independently', async () => {
    const consumer = await analytics('once.db');
    await consumer.projector.catchUp();
    const summary = consumer.summary();
    const expected = countFromEvents(await harness.store.readAll());
    expect(summary).toEqual(expected);

    // The games cover the whole vocabulary, so the equality above is not vacuous.
    expect(Object.keys(summary.totals.squanders).length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(summary.totals.deaths).sort()).toEqual(['dies', 'kills', 'removed', 'replaced']);
    expect(summary.totals.damageBouncedByArmor).toBeGreaterThan(0);
    expect(summary.totals.armorSoaked).toBeGreaterThan(0);
    expect(summary.totals.activated).toBeGreaterThan(0);
    expect(summary.games['cancelled-order']).toMatchObject({ spellsTargeted: 1, spellsCancelled: 1, casts: 0 });
    // Squanders are attributed to their spell through the orderId → spell table, which is emptied as orders settle.
    const squanderedSpells = Object.values(summary.spells).reduce((n, spell) => n + spell.squandered, 0);
    expect(squanderedSpells).toBe(summary.totals.squandered);
    expect(summary.spells['(unknown)']).toBeUndefined();
    expect(consumer.database.db.prepare('SELECT COUNT(*) AS n FROM order_spells').get()).toEqual({ n: 0 });
  });

  it('a batch delivered again after its checkpoint was stored changes nothing', async () => {
    const consumer = await analytics('twice.db');
    const events = await harness.store.readAll();
    const half = events.slice(0, Math.floor(events.length / 2));
    expect(consumer.database.applyBatch(half)).toBe(half.length);
    expect(consumer.database.applyBatch(half)).toBe(0);
    // Overlapping: only the part after the checkpoint is new.
    expect(consumer.database.applyBatch(events)).toBe(events.length - half.length);
    expect(consumer.summary()).toEqual(countFromEvents(events));
  });

  it('following live, it counts a game played while it runs, and resumes after its checkpoint when restarted', async () => {
    const first = await analytics('live.db');
    const following = first.projector.follow();
    const store = new SqliteEventStore({ path: storePath });
    try {
      const untilCaughtUp = async (): Promise<void> => {
        const [last] = (await store.readAll()).slice(-1);
        while (first.projector.checkpoint()?.position !== last.position) await new Promise((r) => setTimeout(r, 10));
      };
      await untilCaughtUp();
      await playScenario(harness, exampleScenario(), 'played-live');
      await untilCaughtUp();
      await first.projector.stop();
      await following;
      expect(first.summary().games['played-live']).toBeDefined();
      expect(first.summary()).toEqual(countFromEvents(await store.readAll()));
      const stoppedAt = first.projector.checkpoint();

      // Another context on the same file starts after the stored checkpoint: nothing is applied twice.
      await playScenario(harness, exampleScenario(), 'played-later');
      await first.close();
      const second = await analytics('live.db');
      expect(second.projector.checkpoint()).toEqual(stoppedAt);
      await second.projector.catchUp();
      expect(second.summary()).toEqual(countFromEvents(await store.readAll()));
    } finally {
      await store.close();
    }
  });

  it('when the store fails mid-stream, it resubscribes after its stored checkpoint and still counts each event once', async () => {
    const consumer = await analytics('retried.db');
    const store = consumer.app.get(EventStore);
    const subscribe = store.subscribe.bind(store);
    // The first catch-up finds nothing yet (as when the consumer started before the games), so every event comes
    // through the live subscription, which delivers a few and then fails, as a store going away would.
    jest.spyOn(store, 'readAll').mockResolvedValueOnce([]);
    jest.spyOn(store, 'subscribe').mockImplementationOnce((options) =>
      concat(
        subscribe(options).pipe(take(150)),
        throwError(() => new EventStoreUnavailableError('connection lost')),
      ),
    );
    const following = consumer.projector.follow();
    const all = await store.readAll();
    const last = all[all.length - 1].position;
    while (consumer.projector.checkpoint()?.position !== last) await new Promise((r) => setTimeout(r, 20));
    await consumer.projector.stop();
    await following;
    expect(store.subscribe).toHaveBeenCalledTimes(2);
    expect(consumer.summary()).toEqual(countFromEvents(all));
  });
});
