import {
  DEATH_WATCH_TRAITS,
  HEALS_WHEN_DIES,
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

describe('damage spells (D0–D5, K1 "dies")', () => {
  it('D0/D1/D5/K1: Magic Bolt deals magical damage that skips armor and kills a recruit — death category dies (no attacker), E1 then E2, "when dies" applies, "when killed" does not', () => {
    const { events } = playCatalogGame({
      name: 'magic bolt kills',
      groups: [
        group('G1', 'blue', 'C3', [
          swordsman('M1', 3, 5, 3, [{ on: 'whenKilled', do: { heal: { amount: 1 } } }, HEALS_WHEN_DIES]),
        ]),
      ],
      turns: [{ red: [cast('magic-bolt', { minion: 'M1' })] }],
    });
    expectSequence(events, [
      ev('DamageIncoming', {
        minionId: 'M1',
        amount: 3,
        damage: { kind: null, magical: true, ignoresArmor: true },
        attackerId: null,
      }),
      ev('DamageApplied', { minionId: 'M1', amount: 3, hpBefore: 3, hpAfter: 0 }),
      ev('DamageResolved', { minionId: 'M1', result: 'killed' }),
      ev('DeathStarted', { minionId: 'M1', category: 'dies', attackerId: null, startStep: 'E1' }),
      ev('MinionDying', { minionId: 'M1' }),
      ev('MinionDied', { minionId: 'M1', category: 'dies', attackerId: null }),
      ev('DiesEffectTriggered', { minionId: 'M1' }),
      ev('MinionBuried', { minionId: 'M1', player: 'blue' }),
      ev('GroupDied', { groupId: 'G1', category: 'dies' }),
    ]);
    expectAbsent(events, [ev('ArmorSoaked'), ev('KilledEffectTriggered')]);
  });

  it('D0/D4: Lightning Bolt ignores armor — it neither soaks nor reduces armor — and leaves a big minion damaged', () => {
    const { events, state } = playCatalogGame({
      name: 'lightning bolt damages',
      groups: [group('G1', 'blue', 'C3', [beast('B1', 10, 4)])],
      turns: [{ red: [cast('lightning-bolt', { minion: 'B1' })] }],
    });
    expectSequence(events, [
      ev('DamageIncoming', { minionId: 'B1', amount: 6, damage: { magical: true } }),
      ev('DamageApplied', { minionId: 'B1', hpBefore: 10, hpAfter: 4 }),
      ev('DamageResolved', { minionId: 'B1', result: 'damaged' }),
    ]);
    expectAbsent(events, [ev('ArmorSoaked'), ev('DeathStarted')]);
    expect(state.minions.B1).toMatchObject({ hp: 4, armor: 4 });
  });

  it('D0/D5/Q2: Fire Storm runs the damage pipeline once for every minion of the group; the dead go through E1–E3 as dies; a later spell on a minion it killed squanders target-dead', () => {
    const { events, state } = playCatalogGame({
      name: 'fire storm',
      groups: [group('G1', 'blue', 'C3', [swordsman('M1', 2), swordsman('M2', 5), swordsman('M3', 1)])],
      turns: [{ red: [cast('fire-storm', { group: 'G1' }), cast('magic-bolt', { minion: 'M3' })] }],
    });
    const bolt = orderIdOf(events, 'red', 'magic-bolt', { minion: 'M3' });
    expect(eventsMatching(events, ev('DamageIncoming', { amount: 2, damage: { magical: true } }))).toHaveLength(3);
    expectSequence(events, [
      ev('DamageResolved', { minionId: 'M1', result: 'killed' }),
      ev('MinionDied', { minionId: 'M1', category: 'dies' }),
      ev('DamageResolved', { minionId: 'M2', result: 'damaged' }),
      ev('DamageCapped', { minionId: 'M3', from: 2, to: 1 }),
      ev('DamageResolved', { minionId: 'M3', result: 'killed' }),
      ev('MinionDied', { minionId: 'M3', category: 'dies' }),
      ev('SpellSquandered', { orderId: bolt, reason: 'target-dead' }),
    ]);
    expect(groupAt(state, 'G1').minionIds).toEqual(['M2']);
  });

  it('K1/E0/E1: Death Touch is an instant-death spell — category dies, starts at E1 (is dying), no damage run', () => {
    const { events } = playCatalogGame({
      name: 'death touch',
      groups: [group('G1', 'blue', 'C3', [beast('B1', 20, 5, 3, [HEALS_WHEN_DIES]), beast('B2')])],
      turns: [{ red: [cast('death-touch', { minion: 'B1' })] }],
    });
    expectSequence(events, [
      ev('DeathStarted', { minionId: 'B1', category: 'dies', attackerId: null, startStep: 'E1' }),
      ev('MinionDying', { minionId: 'B1' }),
      ev('MinionDied', { minionId: 'B1', category: 'dies' }),
      ev('DiesEffectTriggered', { minionId: 'B1' }),
      ev('MinionBuried', { minionId: 'B1' }),
    ]);
    expectAbsent(events, [ev('DamageIncoming'), ev('GroupDied')]);
  });

  it('E1/E1.2: a dying-cancel averts a Death Touch (the minion keeps positive HP, so the death halts)', () => {
    const { events, state } = playCatalogGame({
      name: 'death touch averted',
      groups: [group('G1', 'blue', 'C3', [beast('B1', 6, 1, 3, DEATH_WATCH_TRAITS)])],
      turns: [{ red: [cast('death-touch', { minion: 'B1' })] }],
    });
    expectSequence(events, [
      ev('DeathStarted', { minionId: 'B1', category: 'dies', startStep: 'E1' }),
      ev('MinionDying', { minionId: 'B1' }),
      ev('DyingCancelled', { minionId: 'B1', hp: 1 }),
      ev('DeathAverted', { minionId: 'B1', hp: 1 }),
    ]);
    expectAbsent(events, [ev('MinionDied'), ev('DiesEffectTriggered')]);
    expect(state.minions.B1).toMatchObject({ status: 'alive', hp: 1 });
  });

  it('S1/T1/K1: Poison is a conjuration: at each start of turn its host takes 1 magical damage, and the death it causes is dies', () => {
    const { events } = playCatalogGame({
      name: 'poison kills slowly',
      groups: [swordsmanM1InG1('blue', 2, 3)],
      turns: [{ red: [cast('poison', { minion: 'M1' })] }, {}, {}],
    });
    const activated = theEvent(events, ev('SpellActivated', { spell: 'poison', expiresAtTurn: 4 }));
    const by = { activeSpellId: activated.data.activeSpellId, spell: 'poison' };
    expectSequence(events, [
      ev('TurnStarted', { turn: 2 }),
      ev('StartOfTurnEffectTriggered', { by, subject: { minion: 'M1' } }),
      ev('DamageIncoming', { minionId: 'M1', amount: 1, damage: { magical: true }, attackerId: null }),
      ev('DamageResolved', { minionId: 'M1', result: 'damaged' }),
      ev('TurnStarted', { turn: 3 }),
      ev('StartOfTurnEffectTriggered', { by }),
      ev('DamageResolved', { minionId: 'M1', result: 'killed' }),
      ev('DeathStarted', { minionId: 'M1', category: 'dies', attackerId: null, startStep: 'E1' }),
      ev('MinionDied', { minionId: 'M1', category: 'dies' }),
      ev('SpellDispelled', { activeSpellId: by.activeSpellId, reason: 'host-died' }),
    ]);
    expectAbsent(events, [ev('ArmorSoaked'), ev('SpellExpired')]);
  });

  it('S1: Poison expires after its duration (3 turns), having struck once per start of turn', () => {
    const { events, state } = playCatalogGame({
      name: 'poison expires',
      groups: [group('G1', 'blue', 'C3', [beast('B1', 20)])],
      turns: [{ red: [cast('poison', { minion: 'B1' })] }, {}, {}, {}],
    });
    const active = theEvent(events, ev('SpellActivated', { spell: 'poison' })).data.activeSpellId;
    expectSequence(events, [ev('TurnStarted', { turn: 4 }), ev('SpellExpired', { activeSpellId: active })]);
    expect(eventsMatching(events, ev('StartOfTurnEffectTriggered', { by: { activeSpellId: active } }))).toHaveLength(3);
    expect(minionAt(state, 'B1').hp).toBe(17);
    expect(minionAt(state, 'B1').spells).toEqual([]);
  });

  it('S2: Poison targets enemy minions only', () => {
    const run = playCatalogGame({
      name: 'poison on a friend',
      groups: [swordsmanM1InG1('red')],
      turns: [{ red: [cast('poison', { minion: 'M1' }, true)] }],
    });
    expect(rejectedRules(run)).toEqual(['S2']);
  });

  it('S11: Wrath of Heaven may be cast only once per game — a second cast in a later turn is rejected', () => {
    const run = playCatalogGame({
      name: 'wrath twice',
      groups: [group('G1', 'blue', 'C3', [beast('B1', 20)]), group('G2', 'blue', 'C4', [beast('B2', 20)])],
      turns: [
        { red: [cast('wrath-of-heaven', { group: 'G1' })] },
        { red: [cast('wrath-of-heaven', { group: 'G2' }, true)] },
      ],
    });
    expect(eventsMatching(run.events, ev('SpellResolved'))).toHaveLength(1);
    expect(rejectedRules(run)).toEqual(['S11']);
    expect(run.state.players.red.castOnce).toEqual(['wrath-of-heaven']);
  });

  it('S11/Q2: a once-per-game cast that squandered does not count — Wrath of Heaven may be cast again next turn', () => {
    const run = playCatalogGame({
      name: 'wrath squandered then cast',
      groups: [group('G1', 'blue', 'C3', [beast('B1', 20)]), group('G2', 'blue', 'C4', [beast('B2', 20)])],
      turns: [
        { red: [cast('void', { group: 'G1' }), cast('wrath-of-heaven', { group: 'G1' })] },
        { red: [cast('wrath-of-heaven', { group: 'G2' })] },
      ],
    });
    const first = orderIdOf(run.events, 'red', 'wrath-of-heaven', { group: 'G1' });
    const second = orderIdOf(run.events, 'red', 'wrath-of-heaven', { group: 'G2' });
    expectSequence(run.events, [
      ev('SpellSquandered', { orderId: first, reason: 'target-removed' }),
      ev('TurnStarted', { turn: 2 }),
      ev('DamageIncoming', { minionId: 'B2', amount: 4 }),
      ev('SpellResolved', { orderId: second }),
    ]);
    expect(run.rejections).toEqual([]);
  });

  it(`K1/D5: Flame Blade, a "weapon-related spell that inflict[s] 'extra' points of magical damage during combat": after its host's blow hits, 2 magical damage strike the minion hit, blamed on the host — a death from it is "kills", and "when killed" effects apply`, () => {
    const { events } = playCatalogGame({
      name: 'flame blade',
      groups: [
        group('R', 'red', 'C3', [swordsman('R1', 5, 0, 1)]),
        group('B', 'blue', 'C3', [swordsman('B1', 2, 3, 1, [{ on: 'whenKilled', do: { heal: { amount: 1 } } }])]),
      ],
      turns: [{ red: [cast('flame-blade', { minion: 'R1' }), attack('R1', 'B1')] }],
    });
    const blade = theEvent(events, ev('SpellActivated', { spell: 'flame-blade' })).data.activeSpellId;
    expectSequence(events, [
      ev('AttackExecuting', { attackerId: 'R1', victimId: 'B1' }),
      ev('MinionHit', { minionId: 'B1', attackerId: 'R1' }),
      ev('HitsEffectTriggered', {
        attackerId: 'R1',
        victimId: 'B1',
        by: { activeSpellId: blade, spell: 'flame-blade' },
      }),
      ev('DamageIncoming', { minionId: 'B1', amount: 2, damage: { magical: true }, attackerId: 'R1' }),
      ev('DamageApplied', { minionId: 'B1', hpBefore: 2, hpAfter: 0 }),
      ev('DeathStarted', { minionId: 'B1', category: 'kills', attackerId: 'R1' }),
      ev('MinionDied', { minionId: 'B1', category: 'kills', attackerId: 'R1' }),
      ev('KilledEffectTriggered', { minionId: 'B1', attackerId: 'R1' }),
    ]);
    expect(theEvent(events, ev('HitsEffectTriggered')).metadata.rule).toBe('K1');
  });
});
