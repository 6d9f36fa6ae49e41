/**
 * Ids no set-up or order can break a game with (docs/rules.md S2, T1; model/ids.ts): every id field of a set-up and of
 * the orders takes, in turn, every adversarial id below. Whatever the engine accepts must give a game that plays
 * on (both confirm, the garbage is collected, the next turn executes) and re-derives byte for byte from its input
 * events (the audit); whatever it refuses, it refuses with a CommandRejected and nothing else.
 */
import fc from 'fast-check';
import type { Command, DomainEvent, GameSetup, GameState } from '../../src';
import { CommandRejected, execute, initialState } from '../../src';
import { recruit, rederived, spell } from '../../src/testing';

/** Every name of Object.prototype, and the other names that break naive records or patterns. */
const HOSTILE_IDS = [
  ...Object.getOwnPropertyNames(Object.prototype),
  'prototype',
  'constructor',
  '__defineGetter__',
  'é',
  '日本',
  '🐉',
  'a\u0000b',
  'x'.repeat(10_000),
  'x'.repeat(64),
  'x'.repeat(65),
  '',
  ' ',
  'a.b',
  'minion.1',
  'order.3',
  '0',
  'NaN',
];

/** The set-up every game starts from; each field below is one place an id is given. */
function baseSetup(): GameSetup {
  return {
    name: 'hostile ids',
    seed: 5,
    initiative: 'red',
    spells: {
      bolt: spell('bolt', { effects: [{ damage: { amount: 1, magical: true } }] }),
      fog: spell('fog', { type: 'alteration', target: { kind: 'square' } }),
      mark: spell('mark', { type: 'alteration', target: { kind: 'group' }, effects: [{ dispel: { which: 'mark' } }] }),
    },
    players: {
      red: { house: 'death', mana: { mystery: 20, will: 20 }, hand: ['bolt', 'fog', 'mark'], deck: ['bolt'] },
      blue: { house: 'death', mana: { mystery: 20, will: 20 }, hand: ['bolt'], deck: [] },
    },
    board: {
      groups: [
        { id: 'R', owner: 'red', square: 'C3', minions: [recruit('R1', { hp: 9 })] },
        { id: 'B', owner: 'blue', square: 'C3', minions: [recruit('B1', { hp: 9 })] },
      ],
      structures: [{ id: 'T', kind: 'town', owner: 'neutral', square: 'E5' }],
      squares: [{ id: 'E5', terrain: 'hills' }],
      activeSpells: [{ id: 'A', spell: 'mark', owner: 'blue', host: { group: 'B' } }],
    },
  };
}

/** The orders of one turn: red bolts blue's minion, fogs a square, marks blue's group and attacks; blue attacks. */
interface Names {
  minion: string;
  group: string;
  square: string;
  spell: string;
}

/** A part of baseSetup() that a field below rewrites (it is there: the set-up is written above). */
function part<T>(item: T | undefined, where: string): T {
  if (item === undefined) throw new Error(`baseSetup() has no ${where}`);
  return item;
}

/** Every place a set-up gives an id: the id is put there, and everywhere the set-up refers to it. */
const SETUP_FIELDS: Record<string, (setup: GameSetup, id: string, names: Names) => void> = {
  'group id': (setup, id, names) => {
    part(setup.board.groups[1], 'groups[1]').id = id;
    part(setup.board.activeSpells[0], 'activeSpells[0]').host = { group: id };
    names.group = id;
  },
  'minion id': (setup, id, names) => {
    part(part(setup.board.groups[1], 'groups[1]').minions[0], 'groups[1].minions[0]').id = id;
    names.minion = id;
  },
  'structure id': (setup, id) => void (part(setup.board.structures[0], 'structures[0]').id = id),
  'active spell id': (setup, id) => void (part(setup.board.activeSpells[0], 'activeSpells[0]').id = id),
  'group square': (setup, id) => {
    part(setup.board.groups[0], 'groups[0]').square = id;
    part(setup.board.groups[1], 'groups[1]').square = id;
  },
  'structure square': (setup, id) => void (part(setup.board.structures[0], 'structures[0]').square = id),
  'squares[].id': (setup, id, names) => {
    setup.board.squares = [{ id, terrain: 'hills' }];
    names.square = id;
  },
  'spell key': (setup, id, names) => {
    setup.spells[id] = { ...part(setup.spells.bolt, 'spells.bolt'), key: id };
    setup.players.red.hand = [id, 'fog', 'mark'];
    names.spell = id;
  },
  'dispel.which': (setup, id) => void (part(setup.spells.mark, 'spells.mark').effects = [{ dispel: { which: id } }]),
  'deck card': (setup, id) => void (setup.players.red.deck = [id]),
  'terrain key': (setup, id) => {
    setup.terrains = {
      [id]: { key: id, name: 'drowning', triggers: [{ on: 'groupEnters', do: { heal: { amount: 1 } } }] },
    };
    setup.board.squares = [{ id: 'E5', terrain: id }];
  },
  'move.to': (setup, id) =>
    void (part(setup.spells.bolt, 'spells.bolt').effects = [{ move: { to: id } }, { damage: { amount: 1 } }]),
  'game name': (setup, id) => void (setup.name = id),
};

/** Every place an order names an id (the set-up is the base one, with its own names). */
const ORDER_FIELDS: Record<string, (names: Names, id: string) => void> = {
  'target minion': (names, id) => void (names.minion = id),
  'target group': (names, id) => void (names.group = id),
  'target square': (names, id) => void (names.square = id),
  'cast spell': (names, id) => void (names.spell = id),
};

const command = (type: Command['type'], data: unknown, n: number): Command =>
  ({ type, data, metadata: { commandId: `c${n}` } }) as Command;

interface Played {
  events: DomainEvent[];
  state: GameState;
}

/** Runs a command; a refusal leaves the game as it was; anything else than a CommandRejected fails the test. */
function step(game: Played, next: Command): boolean {
  try {
    const decision = execute(game.state, next);
    game.events.push(...decision.events);
    game.state = decision.state;
    return true;
  } catch (error) {
    if (error instanceof CommandRejected) return false;
    throw new Error(`${next.type} ${JSON.stringify(next.data).slice(0, 120)} threw ${String(error)}`);
  }
}

function play(setup: GameSetup, names: Names, gameId: string): Played | null {
  const game: Played = { events: [], state: initialState() };
  let n = 0;
  if (!step(game, command('CreateGame', { gameId, setup }, n++))) return null;
  for (let turn = 1; turn <= 2; turn += 1) {
    step(game, command('TargetSpell', { player: 'red', spell: names.spell, target: { minion: names.minion } }, n++));
    step(game, command('TargetSpell', { player: 'red', spell: 'fog', target: { square: names.square } }, n++));
    step(game, command('TargetSpell', { player: 'red', spell: 'mark', target: { group: names.group } }, n++));
    step(game, command('OrderAttack', { player: 'red', attackerId: 'R1', victimId: names.minion }, n++));
    step(game, command('OrderAttack', { player: 'blue', attackerId: names.minion, victimId: 'R1' }, n++));
    step(game, command('DiscardSpell', { player: 'blue', spell: names.spell }, n++));
    for (const player of ['red', 'blue']) {
      if (!step(game, command('ConfirmOrders', { player }, n++))) throw new Error(`${player} could not confirm`);
    }
    if (!step(game, command('CollectGarbage', { turn }, n++))) throw new Error(`turn ${turn} could not be collected`);
  }
  expect(game.state.turn).toBe(3);
  return game;
}

/** The audit's re-simulation: every command rebuilt from its input event gives the same events, byte for byte. */
function expectResimulatesIdentically(events: DomainEvent[]): void {
  expect(JSON.stringify(rederived(events))).toBe(JSON.stringify(events));
}

const BASE_NAMES: Names = { minion: 'B1', group: 'B', square: 'D1', spell: 'bolt' };

describe('hostile ids in every id field of set-ups and orders (S2, T1, model/ids.ts)', () => {
  it('S2, T1: a set-up with any id either is refused as invalid, or plays on and audits clean', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(SETUP_FIELDS)), fc.constantFrom(...HOSTILE_IDS), (put, id) => {
        const setup = baseSetup();
        const names = { ...BASE_NAMES };
        put(setup, id, names);
        const game = play(setup, names, 'hostile');
        if (game !== null) expectResimulatesIdentically(game.events);
      }),
      { numRuns: Object.keys(SETUP_FIELDS).length * HOSTILE_IDS.length * 2, seed: 7 },
    );
  });

  it('S2, T1: orders naming any id are accepted or refused when given, and the turn still executes and audits clean', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(ORDER_FIELDS)), fc.constantFrom(...HOSTILE_IDS), (put, id) => {
        const names = { ...BASE_NAMES };
        put(names, id);
        const game = play(baseSetup(), names, 'hostile');
        expect(game).not.toBeNull();
        expectResimulatesIdentically((game as Played).events);
      }),
      { numRuns: Object.keys(ORDER_FIELDS).length * HOSTILE_IDS.length * 2, seed: 7 },
    );
  });

  it('game ids: any is refused as invalid or gives a game that plays on', () => {
    for (const id of HOSTILE_IDS) {
      const game = play(baseSetup(), { ...BASE_NAMES }, id);
      if (game !== null) expectResimulatesIdentically(game.events);
    }
  });
});
