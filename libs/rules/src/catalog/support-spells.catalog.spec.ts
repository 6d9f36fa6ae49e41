import {
  PLENTY_OF_MANA,
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
  rejectedRules,
  swordsman,
  swordsmanM1InG1,
  theEvent,
} from './catalog-scenario.testing';
import { groupAt, minionAt } from '../model/entity-accessors';

describe('Heal and Regeneration', () => {
  it('S1/B3: Heal restores HP up to max HP, never past it (MinionHealed)', () => {
    const { events, state } = playCatalogGame({
      name: 'heal',
      groups: [swordsmanM1InG1('red', 8, 0), group('B', 'blue', 'C3', [swordsman('B1', 5, 0, 6)])],
      turns: [{ blue: [attack('B1', 'M1')] }, { red: [cast('heal', { minion: 'M1' })] }],
    });
    expectSequence(events, [
      ev('DamageApplied', { minionId: 'M1', hpBefore: 8, hpAfter: 2 }),
      ev('TurnStarted', { turn: 2 }),
      ev('MinionHealed', { minionId: 'M1', amount: 4, hpBefore: 2, hpAfter: 6 }),
    ]);
    expect(minionAt(state, 'M1').hp).toBe(6);
  });

  it('S1/B3: Heal on a minion already at max HP changes nothing', () => {
    const { events } = playCatalogGame({
      name: 'heal at full',
      groups: [swordsmanM1InG1('red', 8, 0)],
      turns: [{ red: [cast('heal', { minion: 'M1' })] }],
    });
    expectAbsent(events, [ev('MinionHealed')]);
    expect(eventsMatching(events, ev('SpellResolved'))).toHaveLength(1);
  });

  it('S1/T1: Regeneration (a conjuration) heals its host at the start of each turn', () => {
    const { events } = playCatalogGame({
      name: 'regeneration',
      groups: [swordsmanM1InG1('red', 8, 0), group('B', 'blue', 'C3', [swordsman('B1', 5, 0, 6)])],
      turns: [{ red: [cast('regeneration', { minion: 'M1' })], blue: [attack('B1', 'M1')] }, {}],
    });
    const regen = theEvent(events, ev('SpellActivated', { spell: 'regeneration', expiresAtTurn: 4 }));
    expectSequence(events, [
      ev('DamageApplied', { minionId: 'M1', hpAfter: 2 }),
      ev('TurnStarted', { turn: 2 }),
      ev('StartOfTurnEffectTriggered', { by: { activeSpellId: regen.data.activeSpellId }, subject: { minion: 'M1' } }),
      ev('MinionHealed', { minionId: 'M1', amount: 2, hpBefore: 2, hpAfter: 4 }),
    ]);
  });
});

describe('Bless Weapons, Dispel Magic, Disenchant (S9)', () => {
  it('B3/T3: Bless Weapons gives every minion of the group +1 damage; their attacks deal it', () => {
    const { events } = playCatalogGame({
      name: 'bless weapons',
      groups: [
        group('G1', 'red', 'C3', [swordsman('M1', 5, 0, 3), swordsman('M2', 5, 0, 2)]),
        group('B', 'blue', 'C3', [beast('B1', 20, 0)]),
      ],
      turns: [{ red: [cast('bless-weapons', { group: 'G1' }), attack('M1', 'B1')] }],
    });
    expect(eventsMatching(events, ev('StatsModified', { damage: 1 })).map((event) => event.data.minionId)).toEqual([
      'M1',
      'M2',
    ]);
    expectSequence(events, [
      ev('CombatPhaseStarted'),
      ev('DamageIncoming', { minionId: 'B1', amount: 4, attackerId: 'M1', damage: { kind: 'hand' } }),
    ]);
  });

  it('S9/S1: Dispel Magic dispels every visible spell on a group; the blessing leaves play and its bonus goes with it', () => {
    const { events, state } = playCatalogGame({
      name: 'dispel magic',
      groups: [swordsmanM1InG1('red')],
      turns: [
        { red: [cast('bless-weapons', { group: 'G1' }), cast('missile-ward', { group: 'G1' })] },
        { blue: [cast('dispel-magic', { group: 'G1' })] },
      ],
    });
    expectSequence(events, [
      ev('TurnStarted', { turn: 2 }),
      ev('SpellExecuting', { spell: 'dispel-magic' }),
      ev('StatsModified', { minionId: 'M1', damage: -1 }),
      ev('SpellDispelled', { spell: 'bless-weapons', host: { group: 'G1' }, reason: 'dispelled' }),
      ev('SpellDispelled', { spell: 'missile-ward', host: { group: 'G1' }, reason: 'dispelled' }),
    ]);
    expect(groupAt(state, 'G1').spells).toEqual([]);
    expect(minionAt(state, 'M1').damageBonus).toBe(0);
  });
});

describe('Mana Spring (a global manifestation)', () => {
  it('S2/B6: Mana Spring on the globe gives its caster world and order mana (ManaGained)', () => {
    const { events, state } = playCatalogGame({
      name: 'mana spring',
      turns: [{ blue: [cast('mana-spring', { globe: true })] }],
    });
    const paid = theEvent(events, ev('SpellTargeted', { player: 'blue', spell: 'mana-spring' })).data.cost;
    expect(paid).toMatchObject({ world: 1, order: 1 });
    expectSequence(events, [
      ev('SpellExecuting', { spell: 'mana-spring', target: { globe: true } }),
      ev('ManaGained', { player: 'blue', mana: { world: 3, order: 2, strife: 0 } }),
      ev('SpellResolved'),
    ]);
    expect(state.players.blue.mana.world).toBe(PLENTY_OF_MANA.world - 1 + 3);
    expect(state.players.blue.mana.order).toBe(PLENTY_OF_MANA.order - 1 + 2);
    expect(state.players.red.mana).toEqual(PLENTY_OF_MANA);
  });
});

describe('Summon Wolves (summoning) and Call Hero (hero), S1', () => {
  it('S1: Summon Wolves creates a monster group for the caster on an empty square', () => {
    const { events, state } = playCatalogGame({
      name: 'summon wolves',
      turns: [{ red: [cast('summon-wolves', { square: 'D4' })] }],
    });
    const created = theEvent(events, ev('GroupCreated', { owner: 'red', square: 'D4', kind: 'monster' }));
    const wolves = eventsMatching(events, ev('MinionCreated', { groupId: created.data.groupId }));
    expect(wolves).toHaveLength(3);
    expect(wolves.every((event) => event.data.minion.kind === 'monster' && event.data.owner === 'red')).toBe(true);
    expect(groupAt(state, created.data.groupId).minionIds).toHaveLength(3);
  });

  it('S10: Summon Wolves cannot be targeted on a square that holds a group', () => {
    const run = playCatalogGame({
      name: 'summon on an occupied square',
      groups: [group('G1', 'blue', 'D4', [swordsman('M1')])],
      turns: [{ red: [cast('summon-wolves', { square: 'D4' }, true)] }],
    });
    expect(rejectedRules(run)).toEqual(['S10']);
  });

  it('S10: a summoning squanders (square-occupied) when an earlier spell put a group on its square', () => {
    const { events } = playCatalogGame({
      name: 'both summon on one square',
      turns: [{ red: [cast('summon-wolves', { square: 'D4' })], blue: [cast('summon-wolves', { square: 'D4' })] }],
    });
    const blue = orderIdOf(events, 'blue', 'summon-wolves', { square: 'D4' });
    expectSequence(events, [
      ev('GroupCreated', { owner: 'red', square: 'D4' }),
      ev('SpellSquandered', { orderId: blue, reason: 'square-occupied' }),
    ]);
  });

  it('S1/B4: Call Hero adds a hero recruit to a friendly recruit group', () => {
    const { events, state } = playCatalogGame({
      name: 'call hero',
      groups: [swordsmanM1InG1('red')],
      turns: [{ red: [cast('call-hero', { group: 'G1' })] }],
    });
    const hero = theEvent(events, ev('MinionCreated', { groupId: 'G1', owner: 'red', minion: { kind: 'recruit' } }));
    expect(groupAt(state, 'G1').minionIds).toEqual(['M1', hero.data.minion.id]);
    expectAbsent(events, [ev('GroupCreated')]);
  });

  it('S2: Call Hero cannot target an enemy group or a monster group', () => {
    const run = playCatalogGame({
      name: 'call hero on the wrong group',
      groups: [swordsmanM1InG1('blue'), group('G2', 'red', 'C4', [beast('B1')])],
      turns: [{ red: [cast('call-hero', { group: 'G1' }, true), cast('call-hero', { group: 'G2' }, true)] }],
    });
    expect(rejectedRules(run)).toEqual(['S2', 'S2']);
  });
});

describe('instants cast by both players (S6)', () => {
  it('S6: both players cast Magic Bolt on one target — both succeed', () => {
    const { events } = playCatalogGame({
      name: 'two bolts',
      groups: [group('G1', 'neutral', 'C3', [beast('B1', 20, 0)])],
      turns: [{ red: [cast('magic-bolt', { minion: 'B1' })], blue: [cast('magic-bolt', { minion: 'B1' })] }],
    });
    expect(eventsMatching(events, ev('SpellResolved'))).toHaveLength(2);
    expect(eventsMatching(events, ev('DamageApplied', { minionId: 'B1', amount: 3 }))).toHaveLength(2);
    expectAbsent(events, [ev('SpellSquandered')]);
  });
});
