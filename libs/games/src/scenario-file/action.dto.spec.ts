import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ACTION_NAMES } from '@app/rules';
import type { Action, ActionName } from '@app/rules';
import { ActionDto } from './action.dto';
import { SCENARIO_VALIDATION } from './parse-scenario-file';
import { validationProblems } from './validation-problems';

function problems(json: object): string[] {
  return validationProblems(validateSync(plainToInstance(ActionDto, json), SCENARIO_VALIDATION), 'effects[0]');
}

const recruit = { kind: 'recruit', class: 'swordsman', hp: 4, armor: 1, attacks: [{ kind: 'hand', damage: 2 }] };

/** One valid example per action of the engine's vocabulary: a new action without one fails the first test. */
const EXAMPLES: Record<ActionName, Action> = {
  damage: { damage: { amount: 3, kind: 'missile', magical: true, ignoresArmor: true } },
  destroy: { destroy: { category: 'removed' } },
  replaceGroup: { replaceGroup: { with: { minions: [recruit as never] } } },
  replaceMinion: { replaceMinion: { with: recruit as never } },
  replaceStructure: { replaceStructure: { with: { structure: { kind: 'colony' } } } },
  heal: { heal: { amount: 2 } },
  modifyStats: { modifyStats: { armor: 1, maxHp: -1, damage: 2 } },
  dispel: { dispel: { which: 'all' } },
  gainMana: { gainMana: { player: 'caster', mana: { order: 1 } } },
  returnToLife: { returnToLife: { hp: 1 } },
  modifyDamage: { modifyDamage: { by: -2 } },
  cancelDamage: { cancelDamage: {} },
  summon: { summon: { minions: [recruit as never, recruit as never] } },
  move: { move: { to: 'D4' } },
  takeInside: { takeInside: {} },
  restore: { restore: {} },
};

describe('ActionDto', () => {
  it.each(ACTION_NAMES.map((name) => [name]))('accepts a %s action', (name) => {
    expect(EXAMPLES[name as ActionName]).toBeDefined();
    expect(problems(EXAMPLES[name as ActionName])).toEqual([]);
  });

  it('checks the parameters of each action', () => {
    expect(problems({ damage: { amount: -1 } })).toEqual(['effects[0].damage.amount must not be less than 0']);
    expect(problems({ damage: { magical: true } })).toEqual(['effects[0].damage.amount is required']);
    expect(problems({ destroy: { category: 'kills' } })).toEqual([
      'effects[0].destroy.category must be one of the following values: dies, removed',
    ]);
    expect(problems({ gainMana: { player: 'neutral', mana: { fire: 1 } } })).toEqual([
      'effects[0].gainMana.player must be one of the following values: red, blue, caster, opponent',
      'effects[0].gainMana.mana.fire is not an allowed field',
    ]);
    expect(problems({ modifyDamage: { by: '2' } })).toEqual(['effects[0].modifyDamage.by must be an integer number']);
  });

  it('takes no parameters for cancelDamage, and {} rather than nothing', () => {
    expect(problems({ cancelDamage: { amount: 1 } })).toEqual([
      'effects[0].cancelDamage.amount is not an allowed field',
    ]);
    expect(problems({ cancelDamage: true })).toEqual(['effects[0].cancelDamage must be an object']);
  });

  it('heal takes exactly one of amount or full', () => {
    expect(problems({ heal: {} })).toEqual(['effects[0].heal must have exactly one of amount, full (found: none)']);
    expect(problems({ heal: { amount: 1, full: true } })).toEqual([
      'effects[0].heal must have exactly one of amount, full (found: amount, full)',
    ]);
    expect(problems({ heal: { full: true } })).toEqual([]);
  });

  it('E1.2: returnToLife may leave the minion at 0 HP (the death then goes on), but not below', () => {
    expect(problems({ returnToLife: {} })).toEqual([]);
    expect(problems({ returnToLife: { hp: 0 } })).toEqual([]);
    expect(problems({ returnToLife: { hp: -1 } })).toEqual(['effects[0].returnToLife.hp must not be less than 0']);
  });

  it('B4: a replacement group holds 1 to 8 minions and is a group or a structure, not both', () => {
    expect(problems({ replaceGroup: { with: { minions: [] } } })).toEqual([
      'effects[0].replaceGroup.with.minions must contain at least 1 elements',
    ]);
    expect(problems({ replaceGroup: { with: { minions: [recruit], structure: { kind: 'town' } } } })).toEqual([
      'effects[0].replaceGroup.with must have exactly one of minions, structure (found: minions, structure)',
    ]);
    expect(problems({ replaceStructure: { with: { structure: { kind: 'sanctum' } } } })).toEqual([
      'effects[0].replaceStructure.with.structure.kind must be one of the following values: town, colony',
    ]);
  });

  it('a created minion has no id (the engine gives it one)', () => {
    expect(problems({ replaceMinion: { with: { ...recruit, id: 'M9' } } })).toEqual([
      'effects[0].replaceMinion.with.id is not an allowed field',
    ]);
  });
});
