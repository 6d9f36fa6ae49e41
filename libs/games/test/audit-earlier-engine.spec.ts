import * as fs from 'node:fs';
import * as path from 'node:path';
import { ENGINE_VERSION, execute, initialState, inputCommandOf, setupOfGameCreated } from '@app/rules';
import type { EventDataMap } from '@app/rules';
import { auditEvents, chainEvents, genesisHash } from '@app/verifier';
import type { GameEventLine } from '../src/recording/game-event-line';

/**
 * A game recorded by engine 1.6.0 (`sanctum simulate` of that build, committed as it printed it): squares named
 * "water" and "lava" (bare labels then, catalog terrains now), and the catalog's Lycanthropy, Boardhop, Moonwalking,
 * Jumping Land, Karkara and Jade Gargoyle as 1.6.0 defined them (instants then), copied into its GameCreated.
 */
const FIXTURE = path.join(__dirname, 'fixtures/engine-1.6.0-game.jsonl');

function recorded(): GameEventLine[] {
  const lines = fs
    .readFileSync(FIXTURE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as GameEventLine);
  // Chained as a store of that time chained it (an unkeyed genesis): the chain does not depend on the engine.
  const { events } = chainEvents(genesisHash('legacy-game'), lines);
  return events;
}

describe('audit of a game recorded under the previous engine version (1.6.0)', () => {
  it('re-simulates it identically with this engine: the rules it was recorded under are in its GameCreated', async () => {
    expect(ENGINE_VERSION).not.toBe('1.6.0');
    const events = recorded();
    const report = await auditEvents(events);
    expect(report.chain).toMatchObject({ intact: true, firstBrokenRevision: null });
    expect(report.resimulation).toMatchObject({ identical: true, firstDivergence: null });
    expect(report.resimulation.commands).toBeGreaterThan(20);
    expect(report.events).toBe(events.length);
  });

  it("consults no catalog for a recorded game: the same set-up created anew would name this catalog's terrains", () => {
    const [first] = recorded();
    const created = first?.data as EventDataMap['GameCreated'];
    expect(created.board.squares.map((square) => square.terrain)).toEqual(['water', 'lava']);
    expect('terrains' in created).toBe(false);
    expect(created.spells.boardhop?.type).toBe('manifestation');
    const metadata = { commandId: 'setup' };
    const anew = execute(initialState(), {
      type: 'CreateGame',
      data: { gameId: created.gameId, setup: setupOfGameCreated(created) },
      metadata,
    }).events[0];
    expect(anew?.type === 'GameCreated' && Object.keys(anew.data.terrains ?? {})).toEqual(['water', 'lava']);
    const command = inputCommandOf(first as GameEventLine & { metadata: { commandId: string } });
    expect(command?.type === 'CreateGame' && command.data.fromRecord).toBe(true);
    const again = execute(initialState(), command!).events[0];
    expect(again?.data).toEqual(created);
  });
});
