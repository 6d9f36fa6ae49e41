import canonicalize from 'canonicalize';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ScenarioFailed, execute, initialState, inputCommandOf, runScenario, startsCommand } from '@app/rules';
import type { DomainEvent } from '@app/rules';
import { parseScenarioFile } from '../src/scenario-file';
import { auditEvents, chainEvents, genesisHash } from '@app/verifier';
import type { GameEventLine } from '../src/recording/game-event-line';

const ROOT = join(__dirname, '../../..');
const FOLDERS = [join(ROOT, 'test/scenarios/fixtures'), join(ROOT, 'examples')].filter((dir) => existsSync(dir));

const files = FOLDERS.flatMap((dir) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.scenario.json'))
    .sort()
    .map((name) => join(dir, name)),
);

/** The game a scenario file plays (up to a refused order), as stored: through JSON, with `{revision, …}`. */
function storedGame(file: string): GameEventLine[] {
  const scenario = parseScenarioFile(JSON.parse(readFileSync(file, 'utf8')));
  let events: DomainEvent[];
  try {
    events = runScenario(scenario, 'audit-me').events;
  } catch (error) {
    if (!(error instanceof ScenarioFailed)) throw error;
    events = error.events;
  }
  return JSON.parse(JSON.stringify(events.map((event, revision) => ({ revision, ...event })))) as GameEventLine[];
}

describe('input events → commands (libs/rules audit/input-commands)', () => {
  it('has scenario files to check', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('B1, S1: a set-up with defaults left out (name, maxHp, class, squares, conjuration durations) round-trips', () => {
    const example = JSON.parse(readFileSync(join(ROOT, 'examples/bolt-and-blade.scenario.json'), 'utf8'));
    const { turns: _turns, name: _name, ...setup } = example;
    setup.board.groups[1].minions[1].maxHp = 12;
    delete setup.board.groups[1].minions[0].class;
    setup.board.squares = [{ id: 'D4', terrain: 'forest' }, { id: 'E5' }];
    setup.board.activeSpells = [
      { id: 'A1', spell: 'poison', owner: 'red', host: { minion: 'b-sword' }, duration: 1 },
      { id: 'A2', spell: 'regeneration', owner: 'blue', host: { minion: 'b-archer' } },
      { id: 'A3', spell: 'missile-ward', owner: 'blue', host: { group: 'b-patrol' } },
    ];
    const [created] = execute(initialState(), {
      type: 'CreateGame',
      data: { gameId: 'defaults', setup },
      metadata: { commandId: 'setup' },
    }).events;
    const stored = JSON.parse(JSON.stringify(created)) as DomainEvent<'GameCreated'>;
    expect(stored.data.name).toBe('defaults');
    expect(stored.data.board.activeSpells.map((active) => active.expiresAtTurn)).toEqual([2, 4, null]);
    const [again] = execute(
      initialState(),
      inputCommandOf(stored) as NonNullable<ReturnType<typeof inputCommandOf>>,
    ).events;
    expect(canonicalize(JSON.parse(JSON.stringify(again)))).toBe(canonicalize(stored));
  });

  describe.each(files.map((file) => [relative(ROOT, file), file]))('%s', (_name, file) => {
    const game = storedGame(file);

    it('B1: the set-up rebuilt from GameCreated decides the same GameCreated, byte for byte', () => {
      const command = inputCommandOf(game[0]);
      expect(command?.type).toBe('CreateGame');
      const [again] = execute(initialState(), command as NonNullable<typeof command>).events;
      const { revision: _revision, ...stored } = game[0];
      expect(canonicalize(JSON.parse(JSON.stringify(again)))).toBe(canonicalize(stored));
    });

    it('T1/T2: every command starts with an input event, and re-deriving the game gives it unchanged', async () => {
      expect(game.filter((event) => startsCommand(event)).length).toBeGreaterThan(1);
      const chained = chainEvents(genesisHash('audit-me'), game).events;
      const report = await auditEvents(chained);
      expect(report.chain).toMatchObject({ intact: true, firstBrokenRevision: null });
      expect(report.resimulation).toMatchObject({ identical: true, firstDivergence: null });
      expect(report.events).toBe(game.length);
    });
  });
});
