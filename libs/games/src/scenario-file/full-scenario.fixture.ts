import type { Scenario } from '@app/rules';

/**
 * A valid scenario that uses every part of the format (rules, spells with effects and triggers, terrains, traits,
 * restrictions, structures, squares, active spells, every kind of order, a turn limit and a ruled result), for the
 * DTO specs to break one piece at a time.
 */
export function fullScenario(): Scenario {
  return {
    name: 'every part of the format',
    seed: 3,
    initiative: 'red',
    rules: { combatRounds: 2, nonVisibleDuplicates: 'refused', zeroDamageAtD3: 'applied' },
    turnLimit: 9,
    spells: {
      bolt: {
        key: 'bolt',
        name: 'Bolt',
        house: 'war',
        type: 'manifestation',
        target: { kind: 'minion', side: 'enemy' },
        cost: { primary: 1, secondary: 0 },
        visible: true,
        cumulative: false,
        oncePerGame: false,
        effects: [{ damage: { amount: 3, magical: true } }],
        triggers: [],
      },
      ward: {
        key: 'ward',
        name: 'Missile Ward',
        house: 'hope',
        type: 'alteration',
        target: { kind: 'group', side: 'friendly', groupKind: 'recruit' },
        cost: { primary: 1, secondary: 1 },
        visible: true,
        cumulative: false,
        oncePerGame: true,
        effects: [],
        triggers: [{ on: 'beforeArmor', do: { cancelDamage: {} }, protective: true, damageKind: 'missile' }],
      },
      beasts: {
        key: 'beasts',
        name: 'Beasts',
        house: 'nature',
        type: 'conjuration',
        target: { kind: 'group' },
        cost: { primary: 2, secondary: 0 },
        visible: true,
        cumulative: false,
        oncePerGame: false,
        duration: 2,
        effects: [
          {
            replaceGroup: {
              with: { minions: [{ kind: 'monster', hp: 5, armor: 1, attacks: [{ kind: 'hand', damage: 2 }] }] },
            },
          },
        ],
        triggers: [
          { on: 'atStartOfTurn', do: { heal: { full: true } } },
          { on: 'whenExpires', do: { restore: {} } },
        ],
        movesToReplacement: true,
      },
      hop: {
        key: 'hop',
        name: 'Hop',
        house: 'mind',
        type: 'conjuration',
        target: { kind: 'group', side: 'friendly' },
        cost: { primary: 1, secondary: 1 },
        visible: true,
        cumulative: false,
        oncePerGame: false,
        duration: 1,
        effects: [{ takeInside: {} }],
        triggers: [
          { on: 'whenDispelled', do: { destroy: { category: 'removed' } } },
          { on: 'whenFails', do: { move: { to: 'W1' } } },
        ],
        hostCannotBeTargetedBy: ['individual-spells'],
      },
    },
    terrains: {
      bog: {
        key: 'bog',
        name: 'Bog',
        triggers: [
          { on: 'afterStartOfTurn', do: { damage: { amount: 1, magical: true } } },
          { on: 'groupEnters', do: { move: { to: 'E5' } } },
        ],
      },
    },
    players: {
      red: { house: 'war', mana: { strife: 5, clarity: 5 }, income: { strife: 1 }, hand: ['bolt'], deck: ['bolt'] },
      blue: { house: 'hope', mana: { clarity: 3, order: 3 }, hand: ['ward'], deck: [] },
    },
    board: {
      groups: [
        {
          id: 'r-band',
          owner: 'red',
          square: 'C3',
          minions: [
            {
              id: 'r-sword',
              kind: 'recruit',
              class: 'swordsman',
              hp: 6,
              maxHp: 7,
              armor: 1,
              attacks: [{ kind: 'hand', damage: 4 }],
              traits: [
                { on: 'isDying', do: { returnToLife: { hp: 1 } } },
                { on: 'hits', do: { damage: { amount: 1, magical: true } } },
                { on: 'ifKilled', do: { returnToLife: { hp: 1 } } },
                { on: 'hitInCombat', do: { damage: { amount: 1 } }, subject: 'attacker' },
              ],
              cannotBeTargetedBy: ['individual-spells'],
            },
          ],
        },
        {
          id: 'b-band',
          owner: 'blue',
          square: 'C3',
          minions: [
            {
              id: 'b-archer',
              kind: 'recruit',
              class: 'archer',
              hp: 3,
              armor: 0,
              attacks: [{ kind: 'missile', damage: 2 }],
            },
          ],
        },
      ],
      structures: [{ id: 'town-1', kind: 'town', owner: 'neutral', square: 'E5' }],
      squares: [
        { id: 'E5', terrain: 'plains' },
        { id: 'W1', terrain: 'bog' },
      ],
      activeSpells: [{ id: 'A1', spell: 'ward', owner: 'blue', host: { group: 'b-band' } }],
    },
    turns: [
      {
        orders: {
          red: [
            { cast: 'bolt', target: { minion: 'b-archer' } },
            { attack: { attacker: 'r-sword', victim: 'b-archer', attack: 0 } },
            { cancel: 0 },
          ],
          blue: [{ discard: 'ward' }, { cast: 'ward', target: { group: 'b-band' }, expectRejected: true }],
        },
      },
      { orders: {} },
      { orders: {}, result: { winner: null, reason: 'both players agreed to a draw' } },
    ],
  };
}
