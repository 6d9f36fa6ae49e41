import { ENGINE_VERSION, fold } from '@app/rules';
import type { DomainEvent, Scenario } from '@app/rules';
import { gameStream } from '../src/game-stream';
import { SNAPSHOT_KEY } from '../src/loading/snapshot-body.codec';
import { GamesHarness, exampleScenario, playScenario, temporaryDirectory } from './games-testing';

/** The JSON of a stored snapshot body, behind its digest line. */
const storedJson = (text: string): unknown => JSON.parse(text.slice(text.indexOf('\n') + 1));

/** The example game with decks to draw from, and a few more turns (with no orders) to draw them in. */
function scenarioWithDecks(): Scenario {
  const scenario = exampleScenario();
  scenario.players.red.deck = ['bolt', 'mend', 'bolt', 'bolt', 'mend', 'bolt', 'mend', 'bolt', 'bolt'];
  scenario.players.blue.deck = ['mend', 'bolt', 'mend', 'mend', 'bolt', 'mend'];
  scenario.turns.push({ orders: {} }, { orders: {} }, { orders: {} });
  return scenario;
}

describe('snapshots leave out the decks the set-up can rebuild', () => {
  const dir = temporaryDirectory();
  const stream = gameStream('decks');
  let harness: GamesHarness;
  let events: DomainEvent[];

  const expectEveryRevisionToBeTheFold = async () => {
    harness.repository.forget('decks');
    for (let revision = 0; revision < events.length; revision += 1) {
      const game = await harness.repository.loadAt('decks', revision);
      expect(JSON.stringify(game.state)).toBe(JSON.stringify(fold(events.slice(0, revision + 1))));
      expect(game.lastHash).toBe((events[revision].metadata as unknown as { hash: string }).hash);
    }
  };

  beforeAll(async () => {
    harness = await GamesHarness.start({
      store: { kind: 'sqlite', sqlitePath: dir.path('decks.db') },
      snapshotEvery: 5,
    });
    await playScenario(harness, scenarioWithDecks(), 'decks');
    events = (await harness.store.readStream(stream)) as unknown as DomainEvent[];
  });
  afterAll(async () => {
    await harness.close();
    dir.cleanup();
  });

  it('stores decks as tails of the set-up decks, and every revision is still the fold', async () => {
    const drawn = events.filter((event) => event.type === 'CardsDrawn');
    expect(drawn.length).toBeGreaterThan(2);
    const latest = await harness.snapshots.loadSnapshot(stream, SNAPSHOT_KEY);
    const body = storedJson(latest!.state) as { state: { players: Record<string, { deck: unknown }> } };
    expect(typeof body.state.players.red.deck).toBe('number');
    expect(typeof body.state.players.blue.deck).toBe('number');
    await expectEveryRevisionToBeTheFold();
  });

  it('ignores a snapshot whose deck cannot be rebuilt, and snapshots under another key', async () => {
    const latest = await harness.snapshots.loadSnapshot(stream, SNAPSHOT_KEY);
    const body = storedJson(latest!.state) as { state: { players: Record<string, { deck: unknown }> } };
    body.state.players.red.deck = 1000;
    await harness.snapshots.deleteSnapshots(stream);
    await harness.snapshots.saveSnapshot(stream, latest!.revision, SNAPSHOT_KEY, JSON.stringify(body));
    // A body of another format (here: the previous key, the engine version alone) is never read.
    await harness.snapshots.saveSnapshot(stream, latest!.revision, ENGINE_VERSION, '{"state":{},"hash":"x"}');
    await expectEveryRevisionToBeTheFold();
  });
});
