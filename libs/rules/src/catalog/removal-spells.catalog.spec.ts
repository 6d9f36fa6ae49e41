import {
  DEATH_WATCH_TRAITS,
  cast,
  ev,
  eventsMatching,
  expectAbsent,
  expectSequence,
  group,
  orderIdOf,
  playCatalogGame,
  swordsman,
  theEvent,
} from './catalog-scenario.testing';
import { REMOVAL_SPELLS } from './removal-spells.catalog';
import { groupAt } from '../model/entity-accessors';

/** Effects that only a `kills` or `dies` death applies (K1, E1, E2): none may fire for `removed`. */
const NO_EFFECTS_APPLY = [
  ev('MinionDying'),
  ev('DyingEffectTriggered'),
  ev('DyingCancelled'),
  ev('DeathAverted'),
  ev('KilledEffectTriggered'),
  ev('DiesEffectTriggered'),
  ev('DamageIncoming'),
];

const GROUP_REMOVALS = REMOVAL_SPELLS.filter((spell) => spell.target.kind === 'group').map((spell) => spell.key);

describe('removal spells (K1 "removed from the game", Q5)', () => {
  it('Q5: the group removals are the ones Q5 names', () => {
    expect([...GROUP_REMOVALS].sort()).toEqual(
      ['boardhop', 'cessao-spiral', 'dryads-favors', 'jumping-land', 'moonwalking', 'shifting-sands', 'void'].sort(),
    );
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
      expectAbsent(events, NO_EFFECTS_APPLY);
      expect(run.state.groups.G1).toBeUndefined();
      expect(eventsMatching(events, ev('GarbageCollected', { minionIds: ['M1', 'M2'] }))).toHaveLength(1);
    },
  );

  it('Q5/K1/E0: Ascension removes one minion from the game (no "is dying", no "when dies"); its lone group dies removed; Q2: a later spell on it squanders target-removed', () => {
    const run = playCatalogGame({
      name: 'ascension',
      groups: [
        group('G1', 'blue', 'C3', [swordsman('M1', 5, 0, 3, DEATH_WATCH_TRAITS)]),
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
    expectAbsent(events, [...NO_EFFECTS_APPLY, ev('GroupDied', { groupId: 'G2' })]);
    expect(groupAt(run.state, 'G2').minionIds).toEqual(['M3']);
  });

  it('Q5/E0/E3.1: removal skips a Soul Jar dying-cancel, and the non-visible jar is still dispelled at burial', () => {
    const { events } = playCatalogGame({
      name: 'void on a soul-jarred minion',
      groups: [group('G1', 'red', 'C3', [swordsman('M1')])],
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
    expectAbsent(events, NO_EFFECTS_APPLY);
  });
});
