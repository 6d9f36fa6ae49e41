import type { Colour, Command, GameSetup, MinionSpec, SpellDefinition, Trigger } from '@app/rules';
import { RULES_OPTIONS, SETUP_LIMITS } from '@app/rules';

/**
 * The largest set-up the limits accept, built to make its turns as large as they can be (docs/limits.md): the
 * longest ids everywhere, as many groups, minions, attacks and traits as allowed, traits that answer every blow
 * with more blows (the flood the command budget stops), spells with the most effects on whole groups, summons of
 * full groups of minions with every trait, and decks that fill the set-up to its size limit.
 */
const ID_LENGTH = 64;

/** An id of the longest kind, unique by its number. */
function longId(prefix: string, n: number): string {
  return `${prefix}${n}`.padEnd(ID_LENGTH, 'x');
}

export const LARGEST_GAME_ID = longId('game', 0);

const reflect: Trigger = { on: 'hitBy', do: { damage: { amount: 0 } }, subject: 'attacker' };
const strikeBack: Trigger = { on: 'whenDies', do: { damage: { amount: 3, magical: true } }, subject: 'attacker' };
const revive: Trigger = { on: 'isDying', do: { returnToLife: { hp: 1 } } };
const traits: Trigger[] = [reflect, reflect, strikeBack, revive].slice(0, SETUP_LIMITS.traitsPerMinion);

function minion(id: string, kind: 'recruit' | 'monster' = 'recruit'): MinionSpec & { id: string } {
  return {
    id,
    kind,
    class: 'c'.repeat(SETUP_LIMITS.text),
    hp: 12,
    armor: 1,
    attacks: Array.from({ length: SETUP_LIMITS.attacksPerMinion }, () => ({ kind: 'hand' as const, damage: 4 })),
    traits,
  };
}

function spellOf(key: string, body: Partial<SpellDefinition>): SpellDefinition {
  return {
    key,
    name: 'n'.repeat(SETUP_LIMITS.text),
    house: 'war',
    type: 'manifestation',
    target: { kind: 'group', side: 'enemy' },
    cost: { primary: 0, secondary: 0 },
    visible: true,
    cumulative: true,
    oncePerGame: false,
    effects: [],
    triggers: [],
    ...body,
  };
}

const { id: _drop, ...monsterSpec } = minion('m', 'monster');

export const LARGEST_SPELLS = {
  blast: spellOf(longId('blast', 0), {
    effects: Array.from({ length: SETUP_LIMITS.effectsPerSpell }, () => ({ damage: { amount: 2 } })),
  }),
  swarm: spellOf(longId('swarm', 0), {
    type: 'summoning',
    target: { kind: 'square' },
    effects: Array.from({ length: SETUP_LIMITS.effectsPerSpell }, () => ({
      summon: { minions: Array.from({ length: RULES_OPTIONS.maxGroupSize }, () => monsterSpec) },
    })),
  }),
};

/** The largest set-up: SETUP_LIMITS.groups groups of 8 on one square, half a side. */
export function largestSetup(): GameSetup {
  const groupsPerSide = Math.floor(SETUP_LIMITS.groups / 2);
  const groups: GameSetup['board']['groups'] = [];
  for (const owner of ['red', 'blue'] as const) {
    for (let g = 0; g < groupsPerSide; g += 1) {
      const n = groups.length;
      groups.push({
        id: longId(`g${owner}`, n),
        owner,
        square: longId('square', 0),
        minions: Array.from({ length: RULES_OPTIONS.maxGroupSize }, (_, m) => minion(longId(`m${owner}${n}_`, m))),
      });
    }
  }
  const keys = [LARGEST_SPELLS.blast.key, LARGEST_SPELLS.swarm.key];
  const hand = Array.from({ length: SETUP_LIMITS.hand }, (_, i) => keys[i % keys.length]);
  const player = { house: 'war' as const, mana: {}, hand, deck: [] as string[] };
  const setup: GameSetup = {
    name: 'n'.repeat(SETUP_LIMITS.text),
    seed: Number.MAX_SAFE_INTEGER,
    initiative: 'red',
    spells: { [LARGEST_SPELLS.blast.key]: LARGEST_SPELLS.blast, [LARGEST_SPELLS.swarm.key]: LARGEST_SPELLS.swarm },
    players: { red: { ...player, deck: [] }, blue: { ...player, deck: [] } },
    board: { groups, structures: [], squares: [], activeSpells: [] },
  };
  // Decks fill what is left of the set-up's size limit, a card every other turn.
  const room = SETUP_LIMITS.setupBytes - JSON.stringify(setup).length - 64;
  const cards = Math.floor(room / 2 / (keys[0].length + 3));
  for (const colour of ['red', 'blue'] as const) {
    setup.players[colour].deck = Array.from({ length: cards }, (_, i) => keys[i % keys.length]);
  }
  return setup;
}

/** One turn's worst orders for a player: every card cast (blasts on enemy groups, swarms on fresh squares), then every minion attacks. */
export function worstOrders(
  colour: Colour,
  hand: readonly string[],
  own: readonly string[],
  enemyGroups: readonly string[],
  enemies: readonly string[],
  turn: number,
): Command['data'][] {
  const orders: Command['data'][] = [];
  hand.forEach((key, i) => {
    const target =
      key === LARGEST_SPELLS.swarm.key
        ? { square: longId(`sq${colour}${turn}_`, i) }
        : { group: enemyGroups[i % Math.max(1, enemyGroups.length)] };
    orders.push({ player: colour, spell: key, target });
  });
  own.slice(0, RULES_OPTIONS.attackOrdersPerTurn).forEach((attackerId, i) => {
    orders.push({ player: colour, attackerId, victimId: enemies[i % enemies.length] });
  });
  return orders;
}
