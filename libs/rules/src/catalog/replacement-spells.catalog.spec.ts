import type { DomainEvent } from '../events/domain-event';
import type { MinionKind } from '../model/spell-definition';
import type { SquanderReason } from '../pipelines/squander-reasons';
import {
  DEATH_WATCH_TRAITS,
  NO_DEATH_EFFECTS,
  archer,
  attack,
  beast,
  cast,
  ev,
  eventsMatching,
  expectAbsent,
  expectSequence,
  group,
  orderIdOf,
  playCatalogGame,
  playedOn,
  rejectedRules,
  swordsman,
  swordsmanM1InG1,
  theEvent,
} from './catalog-scenario.testing';
import { catalogSpell } from './index';
import { groupAt } from '../model/entity-accessors';

function replacementMinionsOf(key: string): { kind: string }[] {
  const effect = catalogSpell(key).effects[0] as { replaceGroup: { with: { minions: { kind: string }[] } } };
  return effect.replaceGroup.with.minions;
}

function createdIn(events: DomainEvent[], groupId: string): DomainEvent<'MinionCreated'>[] {
  return eventsMatching(events, ev('MinionCreated', { groupId }));
}

describe('group → group replacements (K1 "replaced by", Q3)', () => {
  const cases: [string, 'recruit' | 'monster', 'recruit' | 'monster'][] = [
    ['lycanthropy', 'recruit', 'monster'],
    ['devolution', 'monster', 'recruit'],
    ['instability', 'monster', 'monster'],
    ['volgaris', 'monster', 'monster'],
    ['karkara', 'recruit', 'monster'],
  ];

  it.each(cases)(
    'Q3/K1/E0: %s replaces a %s group with a %s group — GroupReplaced, the new group on the same square for the same owner, and later spells on the old group or its minions squander target-replaced',
    (key, from, to) => {
      const old = (id: string) =>
        from === 'recruit' ? swordsman(id, 5, 0, 3, DEATH_WATCH_TRAITS) : beast(id, 6, 1, 3, DEATH_WATCH_TRAITS);
      const run = playCatalogGame({
        name: `${key} replaces a group`,
        groups: [group('G1', 'blue', 'C3', [old('M1'), old('M2')])],
        turns: [
          {
            red: [
              cast(key, { group: 'G1' }),
              cast('fire-storm', { group: 'G1' }),
              cast('magic-bolt', { minion: 'M1' }),
            ],
            blue: [cast('dispel-magic', { group: 'G1' })],
          },
        ],
      });
      const { events, state } = run;
      const groupSpell = orderIdOf(events, 'red', 'fire-storm', { group: 'G1' });
      const minionSpell = orderIdOf(events, 'red', 'magic-bolt', { minion: 'M1' });
      const opponentSpell = orderIdOf(events, 'blue', 'dispel-magic', { group: 'G1' });
      const replaced = theEvent(events, ev('GroupReplaced', { groupId: 'G1' }));
      const newGroupId = replaced.data.replacementId;
      expectSequence(events, [
        ev('SpellExecuting', { spell: key }),
        ev('DeathStarted', { minionId: 'M1', category: 'replaced', startStep: 'E2' }),
        ev('MinionDied', { minionId: 'M1', category: 'replaced' }),
        ev('MinionBuried', { minionId: 'M1', player: 'blue' }),
        ev('DeathStarted', { minionId: 'M2', category: 'replaced', startStep: 'E2' }),
        ev('MinionDied', { minionId: 'M2', category: 'replaced' }),
        ev('GroupDied', { groupId: 'G1', category: 'replaced' }),
        ev('GroupCreated', { groupId: newGroupId, owner: 'blue', square: 'C3', kind: to }),
        ev('GroupReplaced', { groupId: 'G1', replacementId: newGroupId }),
        ev('SpellSquandered', { orderId: groupSpell, reason: 'target-replaced' }),
        ev('SpellSquandered', { orderId: minionSpell, reason: 'target-replaced' }),
        ev('SpellSquandered', { orderId: opponentSpell, reason: 'target-replaced' }),
      ]);
      expectAbsent(events, NO_DEATH_EFFECTS);
      const created = createdIn(events, newGroupId);
      expect(created.map((event) => event.data.minion.kind)).toEqual(replacementMinionsOf(key).map(() => to));
      expect(created.every((event) => event.data.owner === 'blue')).toBe(true);
      expect(state.groups.G1).toBeUndefined();
      expect(state.groups[newGroupId]).toMatchObject({ owner: 'blue', square: 'C3', kind: to });
    },
  );

  it('Q3: Lycanthropy cannot be cast on a monster group (S2: recruit groups only)', () => {
    const run = playCatalogGame({
      name: 'lycanthropy on monsters',
      groups: [group('G1', 'blue', 'C3', [beast('B1')])],
      turns: [{ red: [cast('lycanthropy', { group: 'G1' }, true)] }],
    });
    expect(rejectedRules(run)).toEqual(['S2']);
  });

  it('Q3, S1: the group spells of a replaced group leave play with it; the new group holds none of them but the Lycanthropy that replaced it, which moves with it', () => {
    const { events, state } = playCatalogGame({
      name: 'lycanthropy drops group spells',
      groups: [swordsmanM1InG1('blue')],
      activeSpells: [{ id: 'A1', spell: 'missile-ward', owner: 'blue', host: { group: 'G1' } }],
      turns: [{ red: [cast('lycanthropy', { group: 'G1' })] }],
    });
    const newGroupId = theEvent(events, ev('GroupReplaced', { groupId: 'G1' })).data.replacementId;
    const lycanthropy = theEvent(events, ev('SpellActivated', { spell: 'lycanthropy' })).data.activeSpellId;
    expectSequence(events, [
      ev('SpellDispelled', { activeSpellId: 'A1', reason: 'host-died' }),
      ev('GroupDied', { groupId: 'G1', category: 'replaced' }),
      ev('GroupReplaced', { groupId: 'G1', replacementId: newGroupId }),
      ev('SpellTransferred', { activeSpellId: lycanthropy, from: { group: 'G1' }, to: { group: newGroupId } }),
    ]);
    expectAbsent(events, [ev('SpellDispelled', { activeSpellId: lycanthropy })]);
    expect(groupAt(state, newGroupId).spells).toEqual([lycanthropy]);
    expect(state.activeSpells.A1).toBeUndefined();
  });
});

describe('monster group → colony (Q3: Civilize, Settlement)', () => {
  it.each([['civilize'], ['settlement']])(
    'Q3/K1: %s replaces a monster group with a colony — GroupDied replaced, StructureCreated colony on the square, GroupReplaced names the colony; a later spell on the group squanders target-replaced',
    (key) => {
      const { events, state } = playCatalogGame({
        name: `${key} founds a colony`,
        groups: [group('G1', 'neutral', 'D4', [beast('B1', 6, 1, 3, DEATH_WATCH_TRAITS), beast('B2')])],
        turns: [{ red: [cast(key, { group: 'G1' }), cast('fire-storm', { group: 'G1' })] }],
      });
      const later = orderIdOf(events, 'red', 'fire-storm', { group: 'G1' });
      const replaced = theEvent(events, ev('GroupReplaced', { groupId: 'G1' }));
      const colonyId = replaced.data.replacementId;
      expectSequence(events, [
        ev('DeathStarted', { minionId: 'B1', category: 'replaced', startStep: 'E2' }),
        ev('MinionDied', { minionId: 'B1', category: 'replaced' }),
        ev('DeathStarted', { minionId: 'B2', category: 'replaced', startStep: 'E2' }),
        ev('GroupDied', { groupId: 'G1', category: 'replaced' }),
        ev('StructureCreated', { structureId: colonyId, kind: 'colony', owner: 'neutral', square: 'D4' }),
        ev('GroupReplaced', { groupId: 'G1', replacementId: colonyId }),
        ev('SpellSquandered', { orderId: later, reason: 'target-replaced' }),
      ]);
      expectAbsent(events, [...NO_DEATH_EFFECTS, ev('GroupCreated')]);
      expect(state.structures[colonyId]).toMatchObject({ kind: 'colony', owner: 'neutral', square: 'D4' });
    },
  );

  it('Q3, S2: Civilize cannot be cast on a recruit group', () => {
    const run = playCatalogGame({
      name: 'civilize on recruits',
      groups: [swordsmanM1InG1('blue')],
      turns: [{ red: [cast('civilize', { group: 'G1' }, true)] }],
    });
    expect(rejectedRules(run)).toEqual(['S2']);
  });
});

describe("town or colony → recruit group (Q3: Zana's Champion)", () => {
  it.each([['town'], ['colony']] as const)(
    "Q3/K1: Zana's Champion replaces a %s with a recruit group on its square — StructureDestroyed replaced, GroupCreated recruit, StructureReplaced; a later spell on the structure squanders target-replaced",
    (kind) => {
      const { events, state } = playCatalogGame({
        name: `zana's champion on a ${kind}`,
        structures: [{ id: 'T1', kind, owner: 'blue', square: 'E5' }],
        turns: [
          {
            blue: [cast('zanas-champion', { structure: 'T1' })],
            red: [cast('zanas-champion', { structure: 'T1' })],
          },
        ],
      });
      const later = orderIdOf(events, 'blue', 'zanas-champion', { structure: 'T1' });
      const replaced = theEvent(events, ev('StructureReplaced', { structureId: 'T1' }));
      const groupId = replaced.data.replacementId;
      expectSequence(events, [
        ev('SpellExecuting', { player: 'red', spell: 'zanas-champion' }),
        ev('StructureDestroyed', { structureId: 'T1', category: 'replaced' }),
        ev('GroupCreated', { groupId, owner: 'blue', square: 'E5', kind: 'recruit' }),
        ev('MinionCreated', { groupId, minion: { kind: 'recruit' }, owner: 'blue' }),
        ev('StructureReplaced', { structureId: 'T1', replacementId: groupId }),
        ev('SpellExecuting', { orderId: later }),
        ev('SpellSquandered', { orderId: later, reason: 'target-replaced' }),
      ]);
      expect(state.structures.T1).toBeUndefined();
      expect(state.groups[groupId]).toMatchObject({ owner: 'blue', square: 'E5', kind: 'recruit' });
    },
  );

  it("B5: Zana's Champion can never target a sanctum", () => {
    const run = playCatalogGame({
      name: "zana's champion on a sanctum",
      structures: [{ id: 'S1', kind: 'sanctum', owner: 'blue', square: 'A1' }],
      turns: [{ red: [cast('zanas-champion', { structure: 'S1' }, true)] }],
    });
    expect(rejectedRules(run)).toEqual(['B5']);
  });
});

describe('recruit → recruit (Q4: Jade Gargoyle, Odar)', () => {
  it.each<[string, string, SquanderReason]>([
    ['jade-gargoyle', 'swordsman', 'target-untargetable'],
    ['odar', 'archer', 'target-replaced'],
  ])(
    'Q4: %s replaces a lone recruit with a recruit (%s) and the group keeps its group spells — no GroupDied, no SpellDispelled of the group spell; Q3/S10: a later individual spell on the old recruit squanders (%s), one on the group still executes',
    (key, cls, reason) => {
      const { events, state } = playCatalogGame({
        name: `${key} on a lone recruit`,
        groups: [swordsmanM1InG1('blue', 5, 0, 3, DEATH_WATCH_TRAITS)],
        activeSpells: [
          { id: 'A1', spell: 'missile-ward', owner: 'blue', host: { group: 'G1' } },
          { id: 'A2', spell: 'bless-weapons', owner: 'blue', host: { group: 'G1' } },
        ],
        turns: [
          {
            red: [
              cast(key, { minion: 'M1' }),
              cast('magic-bolt', { minion: 'M1' }),
              cast('fire-storm', { group: 'G1' }),
            ],
          },
        ],
      });
      const onMinion = orderIdOf(events, 'red', 'magic-bolt', { minion: 'M1' });
      const onGroup = orderIdOf(events, 'red', 'fire-storm', { group: 'G1' });
      const replaced = theEvent(events, ev('MinionReplaced', { minionId: 'M1' }));
      const newId = replaced.data.replacementId;
      expectSequence(events, [
        ev('DeathStarted', { minionId: 'M1', category: 'replaced', startStep: 'E2' }),
        ev('MinionDied', { minionId: 'M1', category: 'replaced' }),
        ev('MinionRemovedFromGroup', { minionId: 'M1', groupId: 'G1' }),
        ev('MinionBuried', { minionId: 'M1', player: 'blue' }),
        ev('MinionCreated', { groupId: 'G1', minion: { id: newId, kind: 'recruit', class: cls }, owner: 'blue' }),
        ev('MinionReplaced', { minionId: 'M1', replacementId: newId }),
        ev('SpellSquandered', { orderId: onMinion, reason }),
        ev('SpellExecuting', { orderId: onGroup }),
        ev('DamageIncoming', { minionId: newId }),
        ev('SpellResolved', { orderId: onGroup }),
      ]);
      expectAbsent(events, [
        ...NO_DEATH_EFFECTS.filter((pattern) => pattern.type !== 'DamageIncoming'),
        ev('DamageIncoming', { minionId: 'M1' }),
        ev('GroupDied'),
        ev('GroupCreated'),
        ev('SpellDispelled'),
        ev('SpellSquandered', { orderId: onGroup }),
      ]);
      expect(groupAt(state, 'G1').minionIds).toEqual([newId]);
      expect(groupAt(state, 'G1').spells).toEqual(['A1', 'A2']);
    },
  );

  it('Q4: the kept Missile Ward goes on protecting the group, new recruit included (D1 bounce in the next turn)', () => {
    const play = playedOn({
      name: 'jade gargoyle keeps the ward',
      groups: [swordsmanM1InG1('blue'), group('R', 'red', 'C3', [archer('R1', 4, 0, 3)])],
      activeSpells: [{ id: 'A1', spell: 'missile-ward', owner: 'blue', host: { group: 'G1' } }],
      turns: [{ red: [cast('jade-gargoyle', { minion: 'M1' })] }],
    });
    const newId = theEvent(play().events, ev('MinionReplaced', { minionId: 'M1' })).data.replacementId;
    const { events } = play([{ red: [attack('R1', newId)] }]);
    expectSequence(events, [
      ev('MinionReplaced', { minionId: 'M1', replacementId: newId }),
      ev('TurnStarted', { turn: 2 }),
      ev('DamageIncoming', { minionId: newId, damage: { kind: 'missile', magical: false }, attackerId: 'R1' }),
      ev('BeforeArmorEffectApplied', { minionId: newId, by: { activeSpellId: 'A1' }, damageAfter: 0 }),
      ev('DamageBounced', { minionId: newId, step: 'D2' }),
      ev('DamageResolved', { minionId: newId, result: 'bounced' }),
    ]);
  });

  it('Q4: Jade Gargoyle in a larger group leaves the other recruits and the group spells alone', () => {
    const { events, state } = playCatalogGame({
      name: 'jade gargoyle in a pair',
      groups: [group('G1', 'red', 'C3', [swordsman('M1'), archer('M2')])],
      activeSpells: [{ id: 'A1', spell: 'missile-ward', owner: 'red', host: { group: 'G1' } }],
      turns: [{ red: [cast('jade-gargoyle', { minion: 'M1' })] }],
    });
    const newId = theEvent(events, ev('MinionReplaced', { minionId: 'M1' })).data.replacementId;
    expect(groupAt(state, 'G1').minionIds).toEqual(['M2', newId]);
    expect(groupAt(state, 'G1').spells).toEqual(['A1']);
    expectAbsent(events, [ev('GroupDied'), ev('SpellDispelled'), ev('MinionDied', { minionId: 'M2' })]);
  });

  it('Q4, S2: Jade Gargoyle and Odar cannot be cast on a monster', () => {
    const run = playCatalogGame({
      name: 'jade gargoyle on a monster',
      groups: [group('G1', 'blue', 'C3', [beast('B1')])],
      turns: [{ red: [cast('jade-gargoyle', { minion: 'B1' }, true), cast('odar', { minion: 'B1' }, true)] }],
    });
    expect(rejectedRules(run)).toEqual(['S2', 'S2']);
  });
});

describe('dispelling a replacement ("Karkara, and dispelling Karkara; Lycanthropy, and dispelling Lycanthropy", Q3)', () => {
  it.each<[string, MinionKind]>([
    ['lycanthropy', 'monster'],
    ['karkara', 'monster'],
  ])(
    'Q3/S1/S9: dispelling %s replaces the group back — the %s group it became is replaced by the group it was (as it stood, new ids), and later spells on the changed group squander target-replaced',
    (key, became) => {
      const play = playedOn({
        name: `dispelling ${key}`,
        groups: [group('G1', 'blue', 'C3', [swordsman('M1', 5, 1, 3), archer('M2', 3, 0, 2)])],
        turns: [{ red: [cast(key, { group: 'G1' })] }],
      });
      // The replacement's id is the engine's: learnt from the first turn, then the game is played on.
      const changed = theEvent(play().events, ev('GroupReplaced', { groupId: 'G1' })).data.replacementId;
      const run = play([{ red: [cast('dispel-magic', { group: changed }), cast('fire-storm', { group: changed })] }]);
      const spell = theEvent(run.events, ev('SpellActivated', { spell: key })).data.activeSpellId;
      const later = orderIdOf(run.events, 'red', 'fire-storm', { group: changed });
      const back = theEvent(run.events, ev('GroupReplaced', { groupId: changed })).data.replacementId;
      expectSequence(run.events, [
        ev('GroupCreated', { groupId: changed, owner: 'blue', square: 'C3', kind: became }),
        ev('SpellTransferred', {
          activeSpellId: spell,
          from: { group: 'G1' },
          to: { group: changed },
          replaced: [
            { kind: 'recruit', class: 'swordsman', hp: 5, armor: 1 },
            { kind: 'recruit', class: 'archer', hp: 3, armor: 0 },
          ],
        }),
        ev('TurnStarted', { turn: 2 }),
        ev('SpellDispelled', { activeSpellId: spell, host: { group: changed }, reason: 'dispelled' }),
        ev('SpellHookTriggered', { hook: 'whenDispelled', by: { activeSpellId: spell }, subject: { group: changed } }),
        ev('MinionDied', { category: 'replaced' }),
        ev('GroupDied', { groupId: changed, category: 'replaced' }),
        ev('GroupCreated', { groupId: back, owner: 'blue', square: 'C3', kind: 'recruit' }),
        ev('MinionCreated', { groupId: back, minion: { kind: 'recruit', class: 'swordsman', hp: 5, armor: 1 } }),
        ev('MinionCreated', { groupId: back, minion: { kind: 'recruit', class: 'archer', hp: 3, armor: 0 } }),
        ev('GroupReplaced', { groupId: changed, replacementId: back }),
        ev('SpellSquandered', { orderId: later, reason: 'target-replaced' }),
      ]);
      expect(theEvent(run.events, ev('SpellHookTriggered')).metadata.rule).toBe('S9');
      expect(theEvent(run.events, ev('SpellTransferred')).metadata.rule).toBe('S1');
      expect(run.state.groups[changed]).toBeUndefined();
      expect(groupAt(run.state, back).minionIds).toHaveLength(2);
      expect(run.state.activeSpells[spell]).toBeUndefined();
    },
  );
});

describe('Jade Gargoyle: "can\'t be targeted by individual spells, per its text" (Q3, Q4, S10)', () => {
  it('S10/Q4: an individual spell targeted at the Jade Gargoyle is refused when given, naming the rule; a group spell on its group is not', () => {
    const play = playedOn({
      name: 'a gargoyle',
      groups: [swordsmanM1InG1('blue')],
      turns: [{ red: [cast('jade-gargoyle', { minion: 'M1' })] }],
    });
    const first = play();
    const gargoyle = theEvent(first.events, ev('MinionReplaced', { minionId: 'M1' })).data.replacementId;
    expect(
      theEvent(first.events, ev('MinionCreated', { minion: { id: gargoyle } })).data.minion.cannotBeTargetedBy,
    ).toEqual(['individual-spells']);
    const run = play([{ red: [cast('magic-bolt', { minion: gargoyle }, true), cast('fire-storm', { group: 'G1' })] }]);
    expect(run.rejections).toHaveLength(1);
    expect(run.rejections[0]?.error.toJSON()).toEqual({
      kind: 'rule',
      rule: 'S10',
      field: 'target',
      reason: `minion ${gargoyle} can't be targeted by individual spells`,
    });
    expectSequence(run.events, [
      ev('SpellExecuting', { spell: 'fire-storm' }),
      ev('DamageIncoming', { minionId: gargoyle }),
    ]);
  });
});
