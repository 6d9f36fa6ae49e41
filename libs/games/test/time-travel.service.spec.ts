import { fold, runScenario } from '@app/rules';
import type { DomainEvent } from '@app/rules';
import { GamePointNotFoundError } from '../src/games.errors';
import { gameStream } from '../src/game-stream';
import { SNAPSHOT_KEY } from '../src/loading/snapshot-body.codec';
import { GamesHarness, exampleScenario, playScenario, temporaryDirectory } from './games-testing';

describe('time travel and snapshots', () => {
  const dir = temporaryDirectory();
  let harness: GamesHarness;
  let events: DomainEvent[];

  beforeAll(async () => {
    // Snapshots every 7 events (and at turn ends), so most points fold from a snapshot.
    harness = await GamesHarness.start({
      store: { kind: 'sqlite', sqlitePath: dir.path('travel.db') },
      snapshotEvery: 7,
    });
    await playScenario(harness, exampleScenario(), 'travel');
    events = (await harness.store.readStream(gameStream('travel'))) as unknown as DomainEvent[];
  });
  afterAll(async () => {
    await harness.close();
    dir.cleanup();
  });

  it('the state at every revision is the fold of the events up to it', async () => {
    for (let revision = 0; revision < events.length; revision += 1) {
      const point = await harness.timeTravel.stateAt('travel', revision);
      expect(point.revision).toBe(revision);
      expect(point.state).toEqual(fold(events.slice(0, revision + 1)));
    }
  });

  it('snapshots are a cache: deleting them changes no answer', async () => {
    expect(await harness.snapshots.loadSnapshot(gameStream('travel'), SNAPSHOT_KEY)).not.toBeNull();
    const withSnapshots = await Promise.all(events.map((_, r) => harness.timeTravel.stateAt('travel', r)));
    expect(await harness.snapshots.deleteSnapshots()).toBeGreaterThan(0);
    harness.repository.forget('travel');
    for (const [revision, expected] of withSnapshots.entries()) {
      const point = await harness.timeTravel.stateAt('travel', revision);
      expect(JSON.stringify(point.state)).toBe(JSON.stringify(expected.state));
      expect(point.lastHash).toBe(expected.lastHash);
    }
  });

  it('T1: finds the start and end of a turn and of a phase', async () => {
    const firstOf = (predicate: (event: DomainEvent) => boolean) => events.findIndex(predicate);
    const lastOf = (predicate: (event: DomainEvent) => boolean) =>
      events.length - 1 - [...events].reverse().findIndex(predicate);
    const turn2Start = firstOf((event) => event.type === 'TurnStarted' && event.data.turn === 2);
    expect(await harness.timeTravel.revisionOf('travel', { turn: 2, edge: 'start' })).toBe(turn2Start);
    expect(await harness.timeTravel.revisionOf('travel', { turn: 1, edge: 'end' })).toBe(turn2Start - 1);
    const combat1 = firstOf((event) => event.type === 'CombatPhaseStarted');
    expect(await harness.timeTravel.revisionOf('travel', { turn: 1, phase: 'combat', edge: 'start' })).toBe(combat1);
    const ordersEnd = lastOf((event) => event.metadata.turn === 1 && event.metadata.phase === 'orders');
    expect(await harness.timeTravel.revisionOf('travel', { turn: 1, phase: 'orders', edge: 'end' })).toBe(ordersEnd);
    const atCombat = await harness.timeTravel.stateAtTurn('travel', { turn: 1, phase: 'combat', edge: 'start' });
    expect(atCombat.state).toEqual(fold(events.slice(0, combat1 + 1)));
    expect(atCombat.state.phase).toBe('combat');
  });

  it('reports points the game has not reached', async () => {
    await expect(harness.timeTravel.stateAt('travel', events.length)).rejects.toBeInstanceOf(GamePointNotFoundError);
    await expect(harness.timeTravel.stateAtTurn('travel', { turn: 99, edge: 'start' })).rejects.toBeInstanceOf(
      GamePointNotFoundError,
    );
  });

  it('matches the pure engine event for event', () => {
    const strip = (event: DomainEvent) => ({ type: event.type, data: event.data });
    expect(events.map(strip)).toEqual(runScenario(exampleScenario(), 'travel').events.map(strip));
  });
});
