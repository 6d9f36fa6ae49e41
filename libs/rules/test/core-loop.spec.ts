import fc from 'fast-check';
import type { Colour, Command, DomainEvent, EntityRef, GameSetup, GameState, MinionSpec } from '../src';
import { CommandRejected, execute, fold, initialState, restoredState } from '../src';
import { archer, game, monster, recruit, spell } from '../src/testing';

/**
 * docs/design.md: a refused command changes nothing, and the state the engine returns is, by
 * construction, the fold of the events it emitted. Checked here with `execute` directly, for hand-picked
 * commands and for random games.
 */

const werewolf: MinionSpec = { kind: 'monster', hp: 6, armor: 1, attacks: [{ kind: 'hand', damage: 3 }] };
const gargoyle: MinionSpec = {
  kind: 'recruit',
  class: 'gargoyle',
  hp: 7,
  armor: 2,
  attacks: [{ kind: 'hand', damage: 2 }],
};
const SPELLS = [
  spell('bolt', { effects: [{ damage: { amount: 3, magical: true } }] }),
  spell('club', { effects: [{ damage: { amount: 4, kind: 'hand' } }] }),
  spell('mend', { house: 'life', effects: [{ heal: { amount: 2 } }] }),
  spell('mark', { type: 'alteration', effects: [{ modifyStats: { armor: 1 } }] }),
  spell('curse', { type: 'alteration', visible: false, effects: [{ modifyStats: { damage: 1 } }] }),
  spell('fog', { type: 'conjuration', house: 'mind', duration: 1, effects: [{ modifyStats: { maxHp: 2 } }] }),
  spell('cleanse', { house: 'hope', effects: [{ dispel: { which: 'all' } }] }),
  spell('smite', { target: { kind: 'group' }, effects: [{ destroy: { category: 'dies' } }] }),
  spell('void', { target: { kind: 'group' }, effects: [{ destroy: { category: 'removed' } }] }),
  spell('lycanthropy', {
    house: 'abomination',
    target: { kind: 'group', groupKind: 'recruit' },
    effects: [{ replaceGroup: { with: { minions: [werewolf] } } }],
  }),
  spell('jade', {
    house: 'making',
    target: { kind: 'minion', groupKind: 'recruit' },
    effects: [{ replaceMinion: { with: gargoyle } }],
  }),
  spell('wolves', {
    type: 'summoning',
    house: 'nature',
    target: { kind: 'square' },
    effects: [{ summon: { minions: [werewolf] } }],
  }),
  spell('ward', {
    type: 'alteration',
    house: 'hope',
    target: { kind: 'group' },
    triggers: [{ on: 'beforeArmor', do: { modifyDamage: { by: -1 } }, protective: true }],
  }),
  spell('soul-jar', {
    type: 'alteration',
    house: 'death',
    triggers: [{ on: 'isDying', do: { returnToLife: { hp: 2 } } }],
  }),
];
const SPELL_KEYS = SPELLS.map((definition) => definition.key);

function setup(): GameSetup {
  return game()
    .spells(...SPELLS)
    .hand('red', 'bolt', 'club', 'mark', 'smite', 'jade')
    .deck('red', ...SPELL_KEYS)
    .hand('blue', 'bolt', 'mend', 'fog', 'soul-jar', 'void')
    .deck('blue', ...[...SPELL_KEYS].reverse())
    .income('red', { mystery: 3, will: 3, order: 2, world: 2, clarity: 2, strife: 2 })
    .income('blue', { strife: 3, clarity: 3, order: 2, world: 2, mystery: 2, will: 2 })
    .group('R', 'red', [
      recruit('R1', { hp: 6, armor: 1, traits: [{ on: 'isDying', do: { returnToLife: { hp: 1 } } }] }),
      archer('R2', { traits: [{ on: 'hitBy', do: { damage: { amount: 1 } }, subject: 'attacker' }] }),
    ])
    .group('B', 'blue', [recruit('B1', { hp: 4, armor: 2 }), recruit('B2', { hp: 3 })])
    .group('M', 'blue', [
      monster('M1', { traits: [{ on: 'whenDies', do: { gainMana: { player: 'blue', mana: { order: 1 } } } }] }),
    ])
    .group('N', 'neutral', [monster('N1', { hp: 4 })])
    .structure('S', 'sanctum', 'red', 'H8')
    .build();
}

let commandNumber = 0;
const command = (type: Command['type'], data: unknown): Command =>
  ({ type, data, metadata: { commandId: `c${(commandNumber += 1)}` } }) as Command;

/** Runs commands one by one, keeping the accepted ones' events; a refusal must leave the state untouched. */
function play(commands: ((state: GameState) => Command)[]): { events: DomainEvent[]; state: GameState } {
  let state = initialState();
  const events: DomainEvent[] = [];
  for (const next of commands) {
    const input = next(state);
    const before = restoredState(structuredClone(state));
    try {
      const decision = execute(state, input);
      expect(state).toStrictEqual(before);
      events.push(...decision.events);
      state = decision.state;
    } catch (error) {
      if (!(error instanceof CommandRejected)) throw error;
      expect(state).toStrictEqual(before);
    }
  }
  return { events, state };
}

const createGame = () => command('CreateGame', { gameId: 'loop', setup: setup() });
const target = (player: Colour, spellKey: string, ref: EntityRef) => () =>
  command('TargetSpell', { player, spell: spellKey, target: ref });
const attackWith = (player: Colour, attackerId: string, victimId: string) => () =>
  command('OrderAttack', { player, attackerId, victimId });
const confirm = (player: Colour) => () => command('ConfirmOrders', { player });
const collect = () => (state: GameState) => command('CollectGarbage', { turn: state.pendingCollection ?? state.turn });

/** A busy scripted game: deaths, a dying-cancel, a replacement, a removal, squanders, expiry and collection. */
const SCRIPT: ((state: GameState) => Command)[] = [
  createGame,
  target('red', 'bolt', { minion: 'B2' }),
  target('red', 'mark', { minion: 'R1' }),
  target('red', 'jade', { minion: 'B1' }),
  target('blue', 'mend', { minion: 'B2' }),
  target('blue', 'void', { group: 'M' }),
  target('blue', 'fog', { minion: 'R2' }),
  attackWith('blue', 'B1', 'R1'),
  attackWith('red', 'R2', 'N1'),
  confirm('red'),
  confirm('blue'),
  collect(),
  target('red', 'smite', { group: 'N' }),
  target('blue', 'bolt', { minion: 'R1' }),
  target('blue', 'soul-jar', { minion: 'R2' }),
  attackWith('red', 'R1', 'N1'),
  confirm('blue'),
  confirm('red'),
  collect(),
];

describe('core loop (docs/design.md)', () => {
  it('a refused command changes nothing in the state passed in', () => {
    const { state } = play(SCRIPT.slice(0, 5));
    const refused: Command[] = [
      command('CreateGame', { gameId: 'loop', setup: setup() }),
      command('TargetSpell', { player: 'red', spell: 'bolt', target: { minion: 'B2' } }),
      command('TargetSpell', { player: 'red', spell: 'club', target: { structure: 'S' } }),
      command('TargetSpell', { player: 'red', spell: 'nothing', target: { minion: 'B2' } }),
      command('TargetSpell', { player: 'neutral', spell: 'club', target: { minion: 'B2' } }),
      command('CancelOrder', { player: 'blue', orderId: 'order.1' }),
      command('DiscardSpell', { player: 'red', spell: 'mend' }),
      command('OrderAttack', { player: 'red', attackerId: 'B1', victimId: 'R1' }),
      command('CollectGarbage', { turn: 1 }),
      { type: 'Teleport', data: {}, metadata: { commandId: 'x' } } as unknown as Command,
    ];
    for (const input of refused) {
      const before = restoredState(structuredClone(state));
      expect(() => execute(state, input)).toThrow(CommandRejected);
      expect(state).toStrictEqual(before);
    }
  });

  it('a malformed command is refused as invalid (a CommandRejected, never a crash) and changes nothing', () => {
    const { state } = play(SCRIPT.slice(0, 2));
    const malformed: [string, unknown][] = [
      ['no target', { type: 'TargetSpell', data: { player: 'red', spell: 'club', target: null } }],
      [
        'a target naming two entities',
        { type: 'TargetSpell', data: { player: 'red', spell: 'club', target: { minion: 'B1', group: 'B' } } },
      ],
      ['no data', { type: 'TargetSpell', data: null }],
      ['a command type inherited from Object.prototype', { type: 'toString', data: {} }],
      ['an unknown command type', { type: 'Teleport', data: {} }],
    ];
    const outcomes = malformed.map(([name, input]) => {
      const before = restoredState(structuredClone(state));
      let outcome: string;
      try {
        const decision = execute(state, { ...(input as object), metadata: { commandId: 'bad' } } as Command);
        outcome = `accepted with ${decision.events.length} events`;
      } catch (error) {
        outcome = error instanceof CommandRejected ? `rejected as ${error.kind}` : `crashed with ${String(error)}`;
      }
      expect(state).toStrictEqual(before);
      return `${name}: ${outcome}`;
    });
    expect(outcomes).toEqual(malformed.map(([name]) => `${name}: rejected as invalid`));
  });

  it('fold(events) of everything a game emitted equals the state execute returned, from scratch or from a snapshot', () => {
    const { events, state } = play(SCRIPT);
    expect(state.turn).toBe(3);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['MinionReplaced', 'GroupDied', 'SpellSquandered', 'SpellExpired', 'GarbageCollected']),
    );
    expect(fold(events)).toEqual(state);
    for (const cut of [1, 10, Math.floor(events.length / 2), events.length - 1]) {
      const snapshot = fold(events.slice(0, cut));
      expect(fold(events.slice(cut), structuredClone(snapshot))).toEqual(state);
    }
  });

  it('events carry consecutive revisions, the command that caused them, and causes that came before them', () => {
    const { events } = play(SCRIPT);
    events.forEach((e, revision) => {
      expect(e.metadata.eventId).toBe(`loop@${revision}`);
      expect(e.metadata.gameId).toBe('loop');
      expect(e.metadata.commandId).toMatch(/^c\d+$/);
      const cause = e.metadata.causationId;
      if (cause.startsWith('loop@')) expect(Number(cause.slice('loop@'.length))).toBeLessThan(revision);
      else expect(cause).toBe(e.metadata.commandId);
    });
  });

  it('the same commands always produce the same events', () => {
    commandNumber = 0;
    const first = play(SCRIPT).events;
    commandNumber = 0;
    const second = play(SCRIPT).events;
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it('random games: refusals change nothing and fold(events) always equals the returned state', () => {
    const players = fc.constantFrom<Colour>('red', 'blue');
    const minionIds = fc.constantFrom('R1', 'R2', 'B1', 'B2', 'M1', 'N1', 'minion.1', 'minion.2', 'minion.3');
    const refs = fc.oneof(
      minionIds.map((minion): EntityRef => ({ minion })),
      fc.constantFrom('R', 'B', 'M', 'N', 'group.1', 'group.2').map((group): EntityRef => ({ group })),
      fc.constantFrom('A1', 'C3').map((square): EntityRef => ({ square })),
    );
    const step = fc.oneof(
      {
        weight: 5,
        arbitrary: fc.tuple(players, fc.constantFrom(...SPELL_KEYS), refs).map(([p, s, r]) => target(p, s, r)),
      },
      { weight: 3, arbitrary: fc.tuple(players, minionIds, minionIds).map(([p, a, v]) => attackWith(p, a, v)) },
      {
        weight: 1,
        arbitrary: fc.tuple(players, fc.integer({ min: 1, max: 12 })).map(
          ([p, n]) =>
            () =>
              command('CancelOrder', { player: p, orderId: `order.${n}` }),
        ),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(players, fc.constantFrom(...SPELL_KEYS)).map(
          ([p, s]) =>
            () =>
              command('DiscardSpell', { player: p, spell: s }),
        ),
      },
      { weight: 3, arbitrary: players.map((p) => confirm(p)) },
      { weight: 2, arbitrary: fc.constant(collect()) },
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 10, maxLength: 80 }), (steps) => {
        const { events, state } = play([createGame, ...steps]);
        expect(fold(events)).toEqual(state);
      }),
      { numRuns: 30, seed: 20240611 },
    );
  });
});
