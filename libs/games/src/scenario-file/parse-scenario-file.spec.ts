import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseGameSetup, parseScenarioFile } from './parse-scenario-file';
import { ScenarioFileInvalid } from './scenario-file-invalid.error';
import { fullScenario } from './full-scenario.fixture';

const REPO_ROOT = path.resolve(__dirname, '../../../..');

/** The problems parseScenarioFile reports for `json`, or [] when it is valid. */
function problemsOf(json: unknown, parse: (json: unknown) => unknown = parseScenarioFile): string[] {
  try {
    parse(json);
    return [];
  } catch (error) {
    if (!(error instanceof ScenarioFileInvalid)) throw error;
    return [...error.problems];
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the specs break the JSON at any depth
type Json = Record<string, any>;

/** fullScenario() with one change made by `edit`. */
function broken(edit: (scenario: Json) => void): Json {
  const scenario = fullScenario() as unknown as Json;
  edit(scenario);
  return scenario;
}

function scenarioFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.scenario.json'))
    .sort()
    .map((file) => path.join(dir, file));
}

/** Every scenario file of the project: its fixtures and examples. */
const files = [
  ...scenarioFiles(path.join(REPO_ROOT, 'test/scenarios/fixtures')),
  ...scenarioFiles(path.join(REPO_ROOT, 'examples')),
];

describe('parseScenarioFile', () => {
  it('accepts a scenario that uses every part of the format and returns it unchanged', () => {
    const scenario = fullScenario();
    const parsed = parseScenarioFile(scenario);
    expect(parsed).toBe(scenario);
    expect(JSON.stringify(parsed)).toBe(JSON.stringify(fullScenario()));
  });

  it.each(files.map((file) => [path.relative(path.dirname(REPO_ROOT), file), file]))('accepts %s', (_name, file) => {
    expect(problemsOf(JSON.parse(fs.readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('refuses anything but a JSON object', () => {
    for (const json of [null, 42, 'scenario', [], [fullScenario()]]) {
      expect(problemsOf(json)).toEqual(['(file) must be a JSON object']);
    }
  });

  it('reports a missing field with its full path', () => {
    expect(problemsOf(broken((s) => delete s.board.groups[0].minions[0].armor))).toEqual([
      'board.groups[0].minions[0].armor is required',
    ]);
    expect(problemsOf(broken((s) => delete s.turns))).toEqual(['turns is required']);
    expect(problemsOf(broken((s) => delete s.spells.bolt.triggers))).toEqual(['spells.bolt.triggers is required']);
  });

  it('reports null in place of a value, also for an optional field', () => {
    expect(problemsOf(broken((s) => (s.board.squares = null)))).toEqual(['board.squares must not be null']);
    expect(problemsOf(broken((s) => (s.seed = null)))).toEqual(['seed must not be null']);
  });

  it('reports an unknown field (a typo must not change a game quietly)', () => {
    const problems = problemsOf(
      broken((s) => {
        s.board.groups[1].minions[0].armour = 2;
        s.players.blue.mana.fire = 1;
        s.colour = 'red';
      }),
    );
    expect(problems).toEqual([
      'colour is not an allowed field',
      'players.blue.mana.fire is not an allowed field',
      'board.groups[1].minions[0].armour is not an allowed field',
    ]);
  });

  it('reports reserved names that class-transformer would skip silently, as fields or as map keys', () => {
    const json = JSON.parse(
      JSON.stringify(fullScenario())
        .replace('"id":"r-sword",', '"id":"r-sword","__proto__":{"hp":3},')
        .replace('"seed":3,', '"seed":3,"constructor":1,')
        .replace('"spells":{', '"spells":{"constructor":{},'),
    );
    expect(problemsOf(json)).toEqual([
      'constructor is not an allowed field (reserved name)',
      'spells.constructor is not an allowed field (reserved name)',
      'board.groups[0].minions[0].__proto__ is not an allowed field (reserved name)',
    ]);
  });

  it('reports a wrong type or a value out of range, one message per field', () => {
    const problems = problemsOf(
      broken((s) => {
        s.board.groups[0].minions[0].hp = 'six';
        s.board.groups[1].minions[0].hp = 0;
        s.board.groups[1].minions[0].attacks[0].kind = 'spear';
        s.initiative = 'green';
        s.spells.bolt.cost.primary = 1.5;
        s.spells.bolt.visible = 'yes';
        s.players.red.hand = ['bolt', 7];
      }),
    );
    expect(problems).toEqual([
      'initiative must be one of the following values: red, blue',
      'spells.bolt.cost.primary must be an integer number',
      'spells.bolt.visible must be a boolean value',
      'players.red.hand: each value in hand must be a string',
      'board.groups[0].minions[0].hp must be an integer number',
      'board.groups[1].minions[0].hp must not be less than 1',
      'board.groups[1].minions[0].attacks[0].kind must be one of the following values: hand, missile',
    ]);
  });

  it('reports an object where a list belongs, and a list or a value where an object belongs', () => {
    const problems = problemsOf(
      broken((s) => {
        s.board.groups = { id: 'G' };
        s.players.red = ['war'];
        s.spells.bolt.effects = [7];
        s.spells.bolt.target = 'minion';
      }),
    );
    expect(problems).toEqual([
      'spells.bolt.target must be an object',
      'spells.bolt.effects[0] must be an object',
      'players.red must be an object',
      'board.groups must be an array',
    ]);
  });

  it('validates every value of the spells map under its key', () => {
    const problems = problemsOf(
      broken((s) => {
        s.spells.ward.house = 'fire';
        s.spells.ward.triggers[0].on = 'whenHit';
        s.spells.junk = 3;
      }),
    );
    expect(problems).toEqual([
      'spells.ward.house must be one of the following values: ' +
        'abomination, body, death, despair, hope, justice, life, making, mind, nature, unmaking, war',
      'spells.ward.triggers[0].on must be one of the following values: ' +
        'beforeArmor, hitBy, hitInCombat, hits, afterArmor, isDying, ifKilled, whenKilled, whenDies, ' +
        'atStartOfTurn, whenDispelled, whenExpires, whenFails',
      'spells.junk must be an object',
    ]);
    expect(problemsOf(broken((s) => (s.spells = []))).length).toBe(1);
  });

  it('checks the rules a set-up chooses, its terrains (each under its own key), restrictions and cancels, naming the field', () => {
    expect(
      problemsOf(
        broken((s) => {
          s.rules = { combatRounds: 9, nonVisibleDuplicates: 'maybe', zeroDamageAtD3: 'applied' };
          s.terrains.bog.key = 'mud';
          s.terrains.bog.triggers[0].on = 'whenDispelled';
          s.board.groups[0].minions[0].cannotBeTargetedBy = ['group-spells'];
          s.turns[0].orders.red[2] = { cancel: -1 };
        }),
      ),
    ).toEqual([
      'turns[0].orders.red[2].cancel must not be less than 0',
      'rules.combatRounds must not be greater than 8',
      'rules.nonVisibleDuplicates must be one of the following values: allowed, refused',
      'terrains.bog.triggers[0].on must be one of the following values: groupEnters, afterStartOfTurn',
      'board.groups[0].minions[0].cannotBeTargetedBy: each value in cannotBeTargetedBy must be one of the following ' +
        'values: individual-spells',
      'terrains.bog.key must equal its key in terrains ("bog")',
    ]);
  });

  it('[A] checks the ways a file ends a game: a turn limit, a resignation or a ruling, never both in one turn', () => {
    expect(problemsOf(broken((s) => (s.turnLimit = 0)))).toEqual(['turnLimit must not be less than 1']);
    expect(problemsOf(broken((s) => (s.turns[2].resign = 'blue')))).toEqual([
      'turns[2] must have at most one of resign, result (found: resign, result)',
    ]);
    expect(problemsOf(broken((s) => (s.turns[1].resign = 'green')))).toEqual([
      'turns[1].resign must be one of the following values: red, blue',
    ]);
    expect(problemsOf(broken((s) => delete s.turns[2].result.winner))).toEqual(['turns[2].result.winner is required']);
    expect(problemsOf(broken((s) => (s.turns[2].result.winner = 'neutral')))).toEqual([
      'turns[2].result.winner must be "red", "blue" or null (a draw)',
    ]);
    expect(problemsOf(broken((s) => (s.turns[2].result.reason = '')))).toEqual([
      'turns[2].result.reason should not be empty',
    ]);
    expect(problemsOf(broken((s) => (s.turns[2].result.reason = 'x'.repeat(501))))).toEqual([
      'turns[2].result.reason must be shorter than or equal to 500 characters',
    ]);
    expect(problemsOf(broken((s) => (s.turns[2].result.winner = 'red')))).toEqual([]);
  });

  it('reports a spell whose key differs from its key in spells', () => {
    expect(problemsOf(broken((s) => (s.spells.bolt.key = 'Bolt')))).toEqual([
      'spells.bolt.key must equal its key in spells ("bolt")',
    ]);
  });

  it('reports an action that is not exactly one of the action names', () => {
    const problems = problemsOf(
      broken((s) => {
        s.spells.bolt.effects.push({ damage: { amount: 1 }, heal: { amount: 1 } }, {}, { explode: {} });
      }),
    );
    const oneOf =
      'must have exactly one of damage, destroy, replaceGroup, replaceMinion, replaceStructure, heal, ' +
      'modifyStats, dispel, gainMana, returnToLife, modifyDamage, cancelDamage, summon, move, takeInside, restore';
    expect(problems).toEqual([
      `spells.bolt.effects[1] ${oneOf} (found: damage, heal)`,
      `spells.bolt.effects[2] ${oneOf} (found: none)`,
      'spells.bolt.effects[3].explode is not an allowed field',
      `spells.bolt.effects[3] ${oneOf} (found: none)`,
    ]);
  });

  it('validates deep inside the recursive effects vocabulary (a created minion with traits)', () => {
    const problems = problemsOf(
      broken((s) => {
        const monster = s.spells.beasts.effects[0].replaceGroup.with.minions[0];
        monster.traits = [{ on: 'whenDies', do: { destroy: { category: 'exploded' } } }];
      }),
    );
    expect(problems).toEqual([
      'spells.beasts.effects[0].replaceGroup.with.minions[0].traits[0].do.destroy.category ' +
        'must be one of the following values: dies, removed',
    ]);
  });

  it('reports entity refs that are not exactly one entity', () => {
    const problems = problemsOf(
      broken((s) => {
        s.board.activeSpells[0].host = { group: 'b-band', minion: 'b-archer' };
        s.turns[0].orders.red[0].target = { globe: false };
      }),
    );
    expect(problems).toEqual([
      'turns[0].orders.red[0].target.globe must be true',
      'board.activeSpells[0].host must have exactly one of minion, group, structure, square, globe ' +
        '(found: minion, group)',
    ]);
  });

  it('reports orders that are not one of cast, attack or discard, or a cast without a target', () => {
    const problems = problemsOf(
      broken((s) => {
        s.turns[0].orders.red = [
          { cast: 'bolt' },
          { attack: { attacker: 'r-sword' }, target: { minion: 'b-archer' } },
          { discard: 'bolt', cast: 'bolt', target: { minion: 'b-archer' } },
          { expectRejected: 'yes' },
        ];
        s.turns[1].orders.green = [];
      }),
    );
    expect(problems).toEqual([
      'turns[0].orders.red[0].target is required',
      'turns[0].orders.red[1].attack.victim is required',
      'turns[0].orders.red[1] has a target but no cast: only a cast takes a target',
      'turns[0].orders.red[2] must have exactly one of cast, attack, discard, cancel (found: cast, discard)',
      'turns[0].orders.red[3].expectRejected must be a boolean value',
      'turns[0].orders.red[3] must have exactly one of cast, attack, discard, cancel (found: none)',
      'turns[1].orders.green is not an allowed field',
    ]);
  });

  it('B4: reports a group of no minions or of more than eight, and ids that events could not carry', () => {
    const problems = problemsOf(
      broken((s) => {
        s.board.groups[0].minions = [];
        s.board.groups[1].id = '1st band';
        s.board.groups[1].minions = Array.from({ length: 9 }, (_, i) => ({
          id: `m${i}`,
          kind: 'recruit',
          hp: 1,
          armor: 0,
          attacks: [],
        }));
      }),
    );
    expect(problems).toEqual([
      'board.groups[0].minions must contain at least 1 elements',
      'board.groups[1].id must be an id: a letter, then up to 63 letters, digits, _ or -',
      'board.groups[1].minions must contain no more than 8 elements',
    ]);
  });

  it('bounds every number (SETUP_LIMITS.amount) and names the field, as the rules would', () => {
    const problems = problemsOf(
      broken((s) => {
        s.players.red.mana = { strife: 6e307 };
        s.players.red.income = { clarity: 1_000_001 };
        s.board.groups[0].minions[0].hp = 1.5e308;
        s.spells.bolt.effects = [{ damage: { amount: 1_000_001, magical: true } }];
        s.spells.ward.triggers = [{ on: 'beforeArmor', do: { modifyDamage: { by: -1_000_001 } } }];
      }),
    );
    expect(problems).toEqual([
      'spells.bolt.effects[0].damage.amount must not be greater than 1000000',
      'spells.ward.triggers[0].do.modifyDamage.by must not be less than -1000000',
      'players.red.mana.strife must not be greater than 1000000',
      'players.red.income.clarity must not be greater than 1000000',
      'board.groups[0].minions[0].hp must not be greater than 1000000',
      'board.groups[0].minions[0] maxHp (7) must not be less than hp (1.5e+308)',
    ]);
  });

  it('takes any id of the one pattern ("constructor" too) and refuses the others, such as "__proto__"', () => {
    expect(problemsOf(broken((s) => (s.board.groups[0].id = 'constructor')))).toEqual([]);
    expect(problemsOf(broken((s) => (s.board.groups[0].square = '__proto__')))).toEqual([
      'board.groups[0].square must be an id: a letter, then up to 63 letters, digits, _ or -',
    ]);
  });

  it('reports a maxHp below hp on the minion', () => {
    expect(problemsOf(broken((s) => (s.board.groups[0].minions[0].maxHp = 2)))).toEqual([
      'board.groups[0].minions[0] maxHp (2) must not be less than hp (6)',
    ]);
  });

  it('lists every problem of a file at once', () => {
    const problems = problemsOf(
      broken((s) => {
        delete s.name;
        s.seed = -1;
        s.board.structures[0].kind = 'castle';
      }),
    );
    expect(problems).toEqual([
      'name is required',
      'seed must not be less than 0',
      'board.structures[0].kind must be one of the following values: sanctum, town, colony',
    ]);
    expect(() => parseScenarioFile(broken((s) => delete s.name))).toThrow(
      'invalid scenario file (1 problem):\n  name is required',
    );
  });
});

describe('a scenario file\'s "$schema" (where an editor finds its JSON Schema)', () => {
  it('is accepted at the top level and left out of the scenario, the other keys in their order', () => {
    const parsed = parseScenarioFile({
      $schema: 'http://localhost:3000/schemas/scenario-file.json',
      ...fullScenario(),
    });
    expect(JSON.stringify(parsed)).toBe(JSON.stringify(fullScenario()));
  });

  it('must be a text, and is an unknown field anywhere but the top level or in a bare set-up', () => {
    expect(problemsOf({ ...fullScenario(), $schema: 7 })).toEqual(['$schema must be a string']);
    expect(problemsOf(broken((s) => (s.board.$schema = 'x')))).toEqual(['board.$schema is not an allowed field']);
    const { turns: _turns, ...setup } = fullScenario();
    expect(problemsOf({ ...setup, $schema: 'x' }, parseGameSetup)).toEqual(['$schema is not an allowed field']);
  });
});

describe('parseGameSetup', () => {
  function setup(): Record<string, unknown> {
    const { turns: _turns, ...rest } = fullScenario();
    return rest;
  }

  it('accepts a set-up without turns, with or without a name', () => {
    expect(problemsOf(setup(), parseGameSetup)).toEqual([]);
    expect(problemsOf({ ...setup(), name: undefined }, parseGameSetup)).toEqual([]);
  });

  it('refuses turns in a set-up (orders are given one by one)', () => {
    expect(problemsOf({ ...setup(), turns: [] }, parseGameSetup)).toEqual(['turns is not an allowed field']);
  });

  it('still checks the name when it is given', () => {
    expect(problemsOf({ ...setup(), name: 7 }, parseGameSetup)).toEqual(['name must be a string']);
  });
});
