import * as fs from 'node:fs';
import * as path from 'node:path';
import { ScenarioFileInvalid, parseScenarioFile, scenarioFileSchema } from '@app/games';
import { fullScenario } from '../../libs/games/src/scenario-file/full-scenario.fixture';
import { schemaProblems } from '../support/json-schema.problems';
import { REPO_ROOT } from '../support/repo-root';

const FOLDERS = [path.join(REPO_ROOT, 'examples'), path.join(REPO_ROOT, 'test/scenarios/fixtures')];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the cases break the JSON at any depth
type Json = Record<string, any>;

const schema = scenarioFileSchema();

/** The parser's problems with `json`, or [] when it takes the file. */
function parserProblems(json: unknown): string[] {
  try {
    parseScenarioFile(json);
    return [];
  } catch (error) {
    if (!(error instanceof ScenarioFileInvalid)) throw error;
    return [...error.problems];
  }
}

function scenarioFiles(): string[] {
  return FOLDERS.filter((dir) => fs.existsSync(dir)).flatMap((dir) =>
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.scenario.json'))
      .sort()
      .map((file) => path.join(dir, file)),
  );
}

/** fullScenario() with one change made by `edit`. */
function edited(edit: (scenario: Json) => void): Json {
  const scenario = fullScenario() as unknown as Json;
  edit(scenario);
  return scenario;
}

describe('the JSON Schema of a scenario file against parseScenarioFile', () => {
  it.each(scenarioFiles().map((file) => [path.relative(REPO_ROOT, file), file]))(
    '%s: the parser and the schema both take it',
    (_name, file) => {
      const json = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
      expect(parserProblems(json)).toEqual([]);
      expect(schemaProblems(json, schema)).toEqual([]);
    },
  );

  const cases: [string, (scenario: Json) => void, string][] = [
    ['a file as it is', () => undefined, ''],
    ['an editor\'s "$schema"', (s) => (s.$schema = 'http://localhost:3000/schemas/scenario-file.json'), ''],
    ["a minion's class of null", (s) => (s.board.groups[0].minions[0].class = null), ''],
    ['no name', (s) => delete s.name, 'name'],
    ['no turns', (s) => delete s.turns, 'turns'],
    [
      'a typo in a field (armour)',
      (s) => (s.board.groups[1].minions[0].armour = 2),
      'board.groups[1].minions[0].armour',
    ],
    ['a mana type that is not one', (s) => (s.players.blue.mana.fire = 1), 'players.blue.mana.fire'],
    ['an initiative of neither player', (s) => (s.initiative = 'green'), 'initiative'],
    ['a seed that is a text', (s) => (s.seed = 'eleven'), 'seed'],
    ['a minion of 0 hp', (s) => (s.board.groups[0].minions[0].hp = 0), 'board.groups[0].minions[0].hp'],
    ['an amount past the limit', (s) => (s.spells.bolt.cost.primary = 1_000_001), 'spells.bolt.cost.primary'],
    ['a hand card that is no id', (s) => (s.players.red.hand = ['no spaces']), 'players.red.hand'],
    ['a name of no characters', (s) => (s.name = ''), 'name'],
    ['a spell that is a text', (s) => (s.spells.bolt = 'bolt'), 'spells.bolt'],
    ['a null square list', (s) => (s.board.squares = null), 'board.squares'],
    ['an effect of two actions', (s) => (s.spells.bolt.effects[0].heal = { full: true }), 'spells.bolt.effects[0]'],
    ['an effect of no action', (s) => (s.spells.bolt.effects[0] = {}), 'spells.bolt.effects[0]'],
    [
      'a heal of an amount and in full',
      (s) => (s.spells.beasts.triggers[0].do.heal.amount = 2),
      'spells.beasts.triggers[0].do.heal',
    ],
    ['an order of no cast, attack or discard', (s) => delete s.turns[0].orders.red[0].cast, 'turns[0].orders.red[0]'],
    [
      'a host naming two entities',
      (s) => (s.board.activeSpells[0].host.minion = 'b-archer'),
      'board.activeSpells[0].host',
    ],
    ['a "$schema" that is a number', (s) => (s.$schema = 7), '$schema'],
    ['a "$schema" below the top level', (s) => (s.board.$schema = 'x'), 'board.$schema'],
  ];

  it.each(cases)(
    '%s: the schema takes it or refuses it at the same field, as the parser does',
    (_name, edit, field) => {
      const file = edited(edit);
      const byParser = parserProblems(file);
      const bySchema = schemaProblems(file, schema);
      expect([byParser.length > 0, bySchema.length > 0]).toEqual([field !== '', field !== '']);
      for (const problems of [byParser, bySchema]) {
        for (const problem of problems) expect(problem.startsWith(field)).toBe(true);
      }
    },
  );
});
