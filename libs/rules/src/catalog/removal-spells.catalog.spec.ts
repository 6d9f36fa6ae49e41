import {
  DEATH_WATCH_TRAITS,
  NO_DEATH_EFFECTS,
  attack,
  cast,
  ev,
  eventsMatching,
  expectAbsent,
  expectSequence,
  group,
  orderIdOf,
  playCatalogGame,
  rejectedRules,
  swordsman,
  swordsmanM1InG1,
  theEvent,
} from './catalog-scenario.testing';
import { REMOVAL_SPELLS } from './removal-spells.catalog';
import type { SpellDefinition } from '../model/spell-definition';
import { groupAt } from '../model/entity-accessors';

/** The removals that act at once on a group (manifestations); the three that need the board act through a hook. */
const GROUP_REMOVALS = REMOVAL_SPELLS.filter(
  (spell) => spell.target.kind === 'group' && spell.type === 'manifestation',
).map((spell) => spell.key);

describe('removal spells (K1 "removed from the game", Q5)', () => {
  it('Q5: the removals are the ones Q5 names: five at once, and the three that need the board through hooks of their own', () => {
    expect(REMOVAL_SPELLS.map((spell) => spell.key).sort()).toEqual(
      [
        'ascension',
        'boardhop',
        'cessao-spiral',
        'dryads-favors',
        'jumping-land',
        'moonwalking',
        'shifting-sands',
        'void',
      ].sort(),
    );
    expect([...GROUP_REMOVALS].sort()).toEqual(['cessao-spiral', 'dryads-favors', 'shifting-sands', 'void'].sort());
  });

  it.each(GROUP_REMOVALS.map((key) => [key]))(
    'Q5/K1/E0: %s removes a group from the game — minions start at E2, no MinionDying, GroupDied category removed; Q2: a later spell on the group squanders target-removed',
    (key) => {
      const run = playCatalogGame({
        name: `${key} removes a group`,
        groups: [
          group('G1', 'blue', 'C3', [
            swordsman('M1', 5, 0, 3, DEATH_WATCH_TRAITS),
            swordsman('M2', 5, 0, 3, DEATH_WATCH_TRAITS),
          ]),
        ],
        activeSpells: [{ id: 'A1', spell: 'missile-ward', owner: 'blue', host: { group: 'G1' } }],
        turns: [{ red: [cast(key, { group: 'G1' }), cast('fire-storm', { group: 'G1' })] }],
      });
      const { events } = run;
      const later = orderIdOf(events, 'red', 'fire-storm', { group: 'G1' });
      expectSequence(events, [
        ev('SpellExecuting', { spell: key, target: { group: 'G1' } }),
        ev('DeathStarted', { minionId: 'M1', category: 'removed', attackerId: null, startStep: 'E2' }),
        ev('MinionDied', { minionId: 'M1', category: 'removed' }),
        ev('MinionRemovedFromGroup', { minionId: 'M1', groupId: 'G1' }),
        ev('MinionBuried', { minionId: 'M1', player: 'blue' }),
        ev('DeathStarted', { minionId: 'M2', category: 'removed', startStep: 'E2' }),
        ev('MinionDied', { minionId: 'M2', category: 'removed' }),
        ev('MinionBuried', { minionId: 'M2', player: 'blue' }),
        ev('SpellDispelled', { activeSpellId: 'A1', reason: 'host-died' }),
        ev('GroupDied', { groupId: 'G1', category: 'removed' }),
        ev('SpellExecuting', { orderId: later }),
        ev('SpellSquandered', { orderId: later, reason: 'target-removed' }),
      ]);
      expectAbsent(events, NO_DEATH_EFFECTS);
      expect(run.state.groups.G1).toBeUndefined();
      expect(eventsMatching(events, ev('GarbageCollected', { minionIds: ['M1', 'M2'] }))).toHaveLength(1);
    },
  );

  it('Q5/K1/E0: Ascension removes one minion from the game (no "is dying", no "when dies"); its lone group dies removed; Q2: a later spell on it squanders target-removed', () => {
    const run = playCatalogGame({
      name: 'ascension',
      groups: [
        swordsmanM1InG1('blue', 5, 0, 3, DEATH_WATCH_TRAITS),
        group('G2', 'blue', 'C4', [swordsman('M2'), swordsman('M3')]),
      ],
      turns: [
        {
          red: [cast('ascension', { minion: 'M1' }), cast('ascension', { minion: 'M2' })],
          blue: [cast('heal', { minion: 'M1' })],
        },
      ],
    });
    const { events } = run;
    const heal = orderIdOf(events, 'blue', 'heal', { minion: 'M1' });
    expectSequence(events, [
      ev('DeathStarted', { minionId: 'M1', category: 'removed', startStep: 'E2' }),
      ev('MinionDied', { minionId: 'M1', category: 'removed' }),
      ev('GroupDied', { groupId: 'G1', category: 'removed' }),
      ev('DeathStarted', { minionId: 'M2', category: 'removed', startStep: 'E2' }),
      ev('MinionBuried', { minionId: 'M2' }),
      ev('SpellSquandered', { orderId: heal, reason: 'target-removed' }),
    ]);
    expectAbsent(events, [...NO_DEATH_EFFECTS, ev('GroupDied', { groupId: 'G2' })]);
    expect(groupAt(run.state, 'G2').minionIds).toEqual(['M3']);
  });

  it('Q5/E0/E3.1: removal skips a Soul Jar dying-cancel, and the non-visible jar is still dispelled at burial', () => {
    const { events } = playCatalogGame({
      name: 'void on a soul-jarred minion',
      groups: [swordsmanM1InG1('red')],
      turns: [{ red: [cast('soul-jar', { minion: 'M1' })], blue: [cast('void', { group: 'G1' })] }],
    });
    const jar = theEvent(events, ev('SpellActivated', { spell: 'soul-jar', visible: false }));
    expectSequence(events, [
      ev('DeathStarted', { minionId: 'M1', category: 'removed', startStep: 'E2' }),
      ev('MinionDied', { minionId: 'M1', category: 'removed' }),
      ev('SpellDispelled', { activeSpellId: jar.data.activeSpellId, spell: 'soul-jar', reason: 'host-died' }),
      ev('MinionRemovedFromGroup', { minionId: 'M1' }),
      ev('GroupDied', { groupId: 'G1', category: 'removed' }),
    ]);
    expectAbsent(events, NO_DEATH_EFFECTS);
  });
});

/** A minion that marches its group onto `square` at every start of turn (T1): how a group comes onto a square here. */
const marchesTo = (square: string) => [{ on: 'atStartOfTurn' as const, do: { move: { to: square } } }];

/** A spell of the scenario's own (the catalog moves no group by itself): a friendly group marches onto D4. */
const MARCH_TO_D4: SpellDefinition = {
  key: 'march-to-d4',
  name: 'March to D4',
  house: 'war',
  type: 'manifestation',
  target: { kind: 'group', side: 'friendly' },
  cost: { primary: 1, secondary: 0 },
  visible: true,
  cumulative: false,
  oncePerGame: false,
  effects: [{ move: { to: 'D4' } }],
  triggers: [],
};

describe('the removals that need the board (Q5: Jumping Land, Boardhop, Moonwalking)', () => {
  it(`Q5/S1: "Jumping Land's mountain lands on you" — the square conjuration expires at the next start of turn and the group that came onto its square meanwhile is removed from the game (E0 → E2, no effects apply)`, () => {
    const { events, state } = playCatalogGame({
      name: 'jumping land',
      spells: { 'march-to-d4': MARCH_TO_D4 },
      groups: [swordsmanM1InG1('blue', 5, 0, 3, DEATH_WATCH_TRAITS), group('G2', 'blue', 'E5', [swordsman('M2')])],
      turns: [{ red: [cast('jumping-land', { square: 'D4' })], blue: [cast('march-to-d4', { group: 'G1' })] }, {}],
    });
    const landed = theEvent(events, ev('SpellExpired', { spell: 'jumping-land', host: { square: 'D4' } }));
    expectSequence(events, [
      ev('SpellActivated', { spell: 'jumping-land', host: { square: 'D4' }, expiresAtTurn: 2 }),
      ev('GroupMoved', { groupId: 'G1', from: 'C3', to: 'D4' }),
      ev('TurnStarted', { turn: 2 }),
      ev('SpellExpired', { spell: 'jumping-land', host: { square: 'D4' } }),
      ev('SpellHookTriggered', {
        hook: 'whenExpires',
        by: { activeSpellId: landed.data.activeSpellId, spell: 'jumping-land' },
        subject: { group: 'G1' },
        action: { destroy: { category: 'removed' } },
      }),
      ev('DeathStarted', { minionId: 'M1', category: 'removed', startStep: 'E2' }),
      ev('MinionDied', { minionId: 'M1', category: 'removed' }),
      ev('GroupDied', { groupId: 'G1', category: 'removed' }),
    ]);
    expect(theEvent(events, ev('SpellHookTriggered')).metadata.rule).toBe('S1');
    expectAbsent(events, [...NO_DEATH_EFFECTS, ev('GroupDied', { groupId: 'G2' })]);
    expect(state.groups.G1).toBeUndefined();
    expect(state.squares.D4?.spells).toEqual([]);
  });

  it('Q5/S10: Jumping Land on a square a group stands on is refused when given; one whose square a group entered earlier in the execution squanders (square-occupied, naming the move)', () => {
    const refused = playCatalogGame({
      name: 'jumping land on a group',
      groups: [group('G1', 'blue', 'D4', [swordsman('M1')])],
      turns: [{ red: [cast('jumping-land', { square: 'D4' }, true)] }],
    });
    expect(rejectedRules(refused)).toEqual(['S10']);
    const { events } = playCatalogGame({
      name: 'a group marches first',
      initiative: 'blue',
      spells: { 'march-to-d4': MARCH_TO_D4 },
      groups: [swordsmanM1InG1('blue')],
      turns: [{ red: [cast('jumping-land', { square: 'D4' })], blue: [cast('march-to-d4', { group: 'G1' })] }],
    });
    const moved = theEvent(events, ev('GroupMoved', { groupId: 'G1', to: 'D4' }));
    const squandered = theEvent(events, ev('SpellSquandered', { reason: 'square-occupied' }));
    expect(squandered.data.reasonEventId).toBe(moved.metadata.eventId);
    expect(squandered.metadata.rule).toBe('S10');
    expectAbsent(events, [ev('SpellActivated', { spell: 'jumping-land' })]);
  });

  it('Q5/S9: "Boardhop spell is dispelled with a group still inside" — the group inside is removed from the game (no effects apply); it was off the board, so attacks on it fizzle', () => {
    const { events, state } = playCatalogGame({
      name: 'boardhop dispelled',
      groups: [swordsmanM1InG1('red', 5, 0, 3, DEATH_WATCH_TRAITS), group('B', 'blue', 'C3', [swordsman('B1')])],
      turns: [
        { red: [cast('boardhop', { group: 'G1' })], blue: [cast('dispel-magic', { group: 'G1' }), attack('B1', 'M1')] },
      ],
    });
    const hop = theEvent(events, ev('SpellActivated', { spell: 'boardhop' })).data.activeSpellId;
    expectSequence(events, [
      ev('SpellActivated', { spell: 'boardhop', host: { group: 'G1' }, expiresAtTurn: 2 }),
      ev('GroupTakenInside', { groupId: 'G1', activeSpellId: hop, square: 'C3' }),
      ev('SpellExecuting', { spell: 'dispel-magic', target: { group: 'G1' } }),
      ev('SpellDispelled', { activeSpellId: hop, reason: 'dispelled' }),
      ev('SpellHookTriggered', { hook: 'whenDispelled', by: { activeSpellId: hop }, subject: { group: 'G1' } }),
      ev('DeathStarted', { minionId: 'M1', category: 'removed', startStep: 'E2' }),
      ev('MinionDied', { minionId: 'M1', category: 'removed' }),
      ev('GroupDied', { groupId: 'G1', category: 'removed' }),
      ev('AttackFizzled', { reason: 'victim-gone' }),
    ]);
    expectAbsent(events, [...NO_DEATH_EFFECTS, ev('GroupReleased')]);
    expect(state.groups.G1).toBeUndefined();
  });

  it('Q5: Boardhop not dispelled sets its group down again on its square as it expires (S1), and nothing is removed', () => {
    const { events, state } = playCatalogGame({
      name: 'boardhop expires',
      groups: [swordsmanM1InG1('red')],
      turns: [{ red: [cast('boardhop', { group: 'G1' })] }, {}],
    });
    const hop = theEvent(events, ev('GroupTakenInside', { groupId: 'G1' })).data.activeSpellId;
    expectSequence(events, [
      ev('GroupTakenInside', { groupId: 'G1', activeSpellId: hop }),
      ev('TurnStarted', { turn: 2 }),
      ev('SpellExpired', { activeSpellId: hop }),
      ev('GroupReleased', { groupId: 'G1', activeSpellId: hop, square: 'C3' }),
    ]);
    expectAbsent(events, [ev('MinionDied'), ev('SpellHookTriggered'), ev('GroupReleaseFailed')]);
    expect(state.groups.G1).toMatchObject({ square: 'C3', heldBy: null, minionIds: ['M1'] });
  });

  it('Q5: "Moonwalking fails" — another group of its owner came onto its square, so the walker cannot come down: the spell fails and its group is removed from the game (no effects apply)', () => {
    const { events, state } = playCatalogGame({
      name: 'moonwalking fails',
      groups: [
        swordsmanM1InG1('red', 5, 0, 3, DEATH_WATCH_TRAITS),
        group('G2', 'red', 'C4', [swordsman('M2', 5, 0, 3, marchesTo('C3'))]),
      ],
      turns: [{ red: [cast('moonwalking', { group: 'G1' })] }, {}],
    });
    const walk = theEvent(events, ev('GroupTakenInside', { groupId: 'G1' })).data.activeSpellId;
    expectSequence(events, [
      ev('GroupTakenInside', { groupId: 'G1', activeSpellId: walk, square: 'C3' }),
      ev('TurnStarted', { turn: 2 }),
      ev('GroupMoved', { groupId: 'G2', from: 'C4', to: 'C3' }),
      ev('SpellExpired', { activeSpellId: walk }),
      ev('GroupReleaseFailed', { groupId: 'G1', activeSpellId: walk, square: 'C3', blockedBy: 'G2' }),
      ev('SpellHookTriggered', { hook: 'whenFails', by: { activeSpellId: walk }, subject: { group: 'G1' } }),
      ev('DeathStarted', { minionId: 'M1', category: 'removed', startStep: 'E2' }),
      ev('GroupDied', { groupId: 'G1', category: 'removed' }),
    ]);
    expectAbsent(events, [...NO_DEATH_EFFECTS, ev('GroupReleased')]);
    expect(state.groups.G1).toBeUndefined();
    expect(state.groups.G2).toMatchObject({ square: 'C3' });
  });

  it('Q5: Moonwalking that can come down does not fail: its group is set down on its square', () => {
    const { events } = playCatalogGame({
      name: 'moonwalking succeeds',
      groups: [swordsmanM1InG1('red'), group('B', 'blue', 'C3', [swordsman('B1')])],
      turns: [{ red: [cast('moonwalking', { group: 'G1' })] }, {}],
    });
    expectSequence(events, [
      ev('SpellExpired', { spell: 'moonwalking' }),
      ev('GroupReleased', { groupId: 'G1', square: 'C3' }),
    ]);
    expectAbsent(events, [ev('GroupReleaseFailed'), ev('MinionDied')]);
  });
});
