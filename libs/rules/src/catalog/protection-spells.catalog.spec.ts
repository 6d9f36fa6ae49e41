import type { Trigger } from '../model/spell-definition';
import {
  archer,
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
import { minionAt } from '../model/entity-accessors';

describe('Missile Ward (D0, D1)', () => {
  const game = (attackerAttack: { kind: 'hand' | 'missile'; damage: number; magical?: boolean }) =>
    playCatalogGame({
      name: 'missile ward',
      groups: [
        swordsmanM1InG1('blue', 5, 0),
        group('R', 'red', 'C3', [{ ...archer('R1'), attacks: [attackerAttack] }]),
      ],
      turns: [{ blue: [cast('missile-ward', { group: 'G1' })], red: [attack('R1', 'M1')] }],
    });

  it('D1: the ward cancels missile damage before armor — the blow still hits (D1 has no halt), result bounced at D1', () => {
    const { events } = game({ kind: 'missile', damage: 3 });
    const ward = theEvent(events, ev('SpellActivated', { spell: 'missile-ward', host: { group: 'G1' } }));
    expectSequence(events, [
      ev('CombatPhaseStarted'),
      ev('DamageIncoming', {
        minionId: 'M1',
        amount: 3,
        damage: { kind: 'missile', magical: false },
        attackerId: 'R1',
      }),
      ev('BeforeArmorEffectApplied', {
        minionId: 'M1',
        by: { activeSpellId: ward.data.activeSpellId, spell: 'missile-ward' },
        damageBefore: 3,
        damageAfter: 0,
      }),
      ev('MinionHit', { minionId: 'M1', attackerId: 'R1' }),
      // D1 never halts: the cancelled blow goes on to D2, where damage reduced to 0 bounces.
      ev('ArmorSoaked', { minionId: 'M1', soaked: 0, damageBefore: 0, damageAfter: 0 }),
      ev('DamageBounced', { minionId: 'M1', step: 'D2' }),
      ev('DamageResolved', { minionId: 'M1', result: 'bounced' }),
    ]);
    expectAbsent(events, [ev('DamageApplied')]);
  });

  it('D0: a protective ward does not stop magical missile damage (ProtectionBypassed, damage applied)', () => {
    const { events } = game({ kind: 'missile', damage: 3, magical: true });
    expectSequence(events, [
      ev('DamageIncoming', { minionId: 'M1', damage: { kind: 'missile', magical: true } }),
      ev('ProtectionBypassed', { minionId: 'M1', by: { spell: 'missile-ward' } }),
      ev('MinionHit', { minionId: 'M1', attackerId: 'R1' }),
      ev('DamageApplied', { minionId: 'M1', amount: 3, hpAfter: 2 }),
      ev('DamageResolved', { minionId: 'M1', result: 'damaged' }),
    ]);
    expectAbsent(events, [ev('BeforeArmorEffectApplied')]);
  });

  it('D0/D1: the ward does nothing against hand damage', () => {
    const { events } = game({ kind: 'hand', damage: 3 });
    expectSequence(events, [
      ev('DamageIncoming', { minionId: 'M1', damage: { kind: 'hand' } }),
      ev('DamageResolved', { minionId: 'M1', result: 'damaged' }),
    ]);
    expectAbsent(events, [ev('BeforeArmorEffectApplied'), ev('ProtectionBypassed')]);
  });
});

describe('Stoneskin and Layered Aegis (D6, S5, S9)', () => {
  it('D6: Stoneskin raises max armor by 2 (current armor unchanged until the combat round resets it), and the next round soaks with it', () => {
    const { events } = playCatalogGame({
      name: 'stoneskin',
      groups: [swordsmanM1InG1('blue', 5, 1), group('R', 'red', 'C3', [swordsman('R1', 5, 0, 4)])],
      turns: [{ blue: [cast('stoneskin', { minion: 'M1' })], red: [attack('R1', 'M1')] }],
    });
    expectSequence(events, [
      ev('StatsModified', { minionId: 'M1', armor: 2, maxArmorAfter: 3, armorAfter: 1 }),
      ev('CombatPhaseStarted'),
      ev('ArmorRestored', { minionId: 'M1', armorBefore: 1, armorAfter: 3 }),
      ev('ArmorSoaked', { minionId: 'M1', soaked: 3, armorBefore: 3, armorAfter: 0, damageBefore: 4, damageAfter: 1 }),
      ev('DamageApplied', { minionId: 'M1', amount: 1 }),
    ]);
  });

  it('S1: Stoneskin leaves play when dispelled (Disenchant) and its armor goes with it', () => {
    const { events, state } = playCatalogGame({
      name: 'stoneskin dispelled',
      groups: [swordsmanM1InG1('blue', 5, 1)],
      turns: [{ blue: [cast('stoneskin', { minion: 'M1' })] }, { red: [cast('disenchant', { minion: 'M1' })] }],
    });
    expectSequence(events, [
      ev('StatsModified', { minionId: 'M1', armor: 2, maxArmorAfter: 3 }),
      ev('TurnStarted', { turn: 2 }),
      ev('StatsModified', { minionId: 'M1', armor: -2, maxArmorAfter: 1 }),
      ev('SpellDispelled', { spell: 'stoneskin', reason: 'dispelled' }),
    ]);
    expect(state.minions.M1).toMatchObject({ maxArmor: 1, spells: [] });
  });

  it('S5: Stoneskin is not cumulative — a second copy on the same minion in the same turn is rejected', () => {
    const run = playCatalogGame({
      name: 'stoneskin twice',
      groups: [swordsmanM1InG1('blue')],
      turns: [{ blue: [cast('stoneskin', { minion: 'M1' }), cast('stoneskin', { minion: 'M1' }, true)] }],
    });
    expect(rejectedRules(run)).toEqual(['S5']);
  });

  it('S9: a visible non-cumulative Stoneskin already on a minion blocks a second copy in a later turn', () => {
    const run = playCatalogGame({
      name: 'stoneskin again',
      groups: [swordsmanM1InG1('blue')],
      turns: [{ blue: [cast('stoneskin', { minion: 'M1' })] }, { blue: [cast('stoneskin', { minion: 'M1' }, true)] }],
    });
    expect(rejectedRules(run)).toEqual(['S9']);
  });

  it('S5/S9: Layered Aegis is cumulative — two copies on one minion in one turn both become active and both count', () => {
    const { events, state } = playCatalogGame({
      name: 'layered aegis twice',
      groups: [swordsmanM1InG1('blue', 5, 0)],
      turns: [{ blue: [cast('layered-aegis', { minion: 'M1' }), cast('layered-aegis', { minion: 'M1' })] }],
    });
    const activated = eventsMatching(events, ev('SpellActivated', { spell: 'layered-aegis', visible: true }));
    expect(activated).toHaveLength(2);
    expect(minionAt(state, 'M1').maxArmor).toBe(2);
    expect(minionAt(state, 'M1').spells).toEqual(activated.map((event) => event.data.activeSpellId));
  });
});

describe('Soul Jar (E1, E1.1, E1.2, S9)', () => {
  it('E1/E1.2: Soul Jar averts a death — DyingCancelled by the jar, DeathAverted with 1 HP, no MinionDied', () => {
    const { events, state } = playCatalogGame({
      name: 'soul jar averts',
      groups: [swordsmanM1InG1('red', 2, 0)],
      turns: [{ red: [cast('soul-jar', { minion: 'M1' })], blue: [cast('magic-bolt', { minion: 'M1' })] }],
    });
    const jar = theEvent(events, ev('SpellActivated', { spell: 'soul-jar', host: { minion: 'M1' }, visible: false }));
    expectSequence(events, [
      ev('DamageResolved', { minionId: 'M1', result: 'killed' }),
      ev('DeathStarted', { minionId: 'M1', category: 'dies', startStep: 'E1' }),
      ev('MinionDying', { minionId: 'M1' }),
      ev('DyingCancelled', { minionId: 'M1', by: { activeSpellId: jar.data.activeSpellId, spell: 'soul-jar' }, hp: 1 }),
      ev('DeathAverted', { minionId: 'M1', hp: 1 }),
    ]);
    expectAbsent(events, [ev('MinionDied'), ev('GroupDied')]);
    expect(state.minions.M1).toMatchObject({ status: 'alive', hp: 1 });
  });

  it('E1/K1: Soul Jar also averts a kills death in combat', () => {
    const { events } = playCatalogGame({
      name: 'soul jar in combat',
      groups: [swordsmanM1InG1('red', 2, 0), group('B', 'blue', 'C3', [swordsman('B1', 5, 0, 6)])],
      turns: [{ red: [cast('soul-jar', { minion: 'M1' })], blue: [attack('B1', 'M1')] }],
    });
    expectSequence(events, [
      ev('DeathStarted', { minionId: 'M1', category: 'kills', attackerId: 'B1', startStep: 'E1' }),
      ev('DyingCancelled', { minionId: 'M1', hp: 1 }),
      ev('DeathAverted', { minionId: 'M1', hp: 1 }),
    ]);
    expectAbsent(events, [ev('MinionDied')]);
  });

  it('S9: the non-visible Soul Jar ignores dispels — Disenchant leaves it, and it still averts the death', () => {
    const { events } = playCatalogGame({
      name: 'soul jar ignores dispel',
      groups: [swordsmanM1InG1('red', 2, 0)],
      turns: [
        {
          red: [cast('soul-jar', { minion: 'M1' })],
          blue: [cast('disenchant', { minion: 'M1' }), cast('magic-bolt', { minion: 'M1' })],
        },
      ],
    });
    expectSequence(events, [
      ev('SpellResolved', { orderId: orderIdOf(events, 'blue', 'disenchant', { minion: 'M1' }) }),
      ev('DeathAverted', { minionId: 'M1' }),
    ]);
    expectAbsent(events, [ev('SpellDispelled')]);
  });

  it('S9/E1.1: non-visible Soul Jars are cumulative; the first returns the minion to life and the second ignores this death', () => {
    const { events } = playCatalogGame({
      name: 'two soul jars',
      groups: [swordsmanM1InG1('red', 2, 0)],
      turns: [
        {
          red: [cast('soul-jar', { minion: 'M1' }), cast('soul-jar', { minion: 'M1' })],
          blue: [cast('magic-bolt', { minion: 'M1' })],
        },
      ],
    });
    const jars = eventsMatching(events, ev('SpellActivated', { spell: 'soul-jar' }));
    expect(jars).toHaveLength(2);
    const [first, second] = jars.map((jar) => jar.data.activeSpellId);
    expectSequence(events, [
      ev('MinionDying', { minionId: 'M1' }),
      ev('DyingCancelled', { minionId: 'M1', by: { activeSpellId: first } }),
      ev('DyingCancelIgnored', { minionId: 'M1', by: { activeSpellId: second } }),
      ev('DeathAverted', { minionId: 'M1', hp: 1 }),
    ]);
  });

  it('E1.2: a dying-cancel that leaves HP at 0 does not halt the death (E2, E3 follow; the jar is dispelled at E3.1)', () => {
    const zeroLife: Trigger = { on: 'isDying', do: { returnToLife: { hp: 0 } } };
    const { events } = playCatalogGame({
      name: 'cancelled at zero',
      groups: [swordsmanM1InG1('red', 2, 0, 3, [zeroLife])],
      turns: [{ red: [cast('soul-jar', { minion: 'M1' })], blue: [cast('magic-bolt', { minion: 'M1' })] }],
    });
    expectSequence(events, [
      ev('DyingCancelled', { minionId: 'M1', by: { trait: 0 }, hp: 0 }),
      ev('DyingCancelIgnored', { minionId: 'M1', by: { spell: 'soul-jar' } }),
      ev('MinionDied', { minionId: 'M1', category: 'dies' }),
      ev('SpellDispelled', { spell: 'soul-jar', reason: 'host-died' }),
      ev('MinionBuried', { minionId: 'M1' }),
    ]);
    expectAbsent(events, [ev('DeathAverted')]);
  });

  it('S2: Soul Jar is cast on friendly minions only', () => {
    const run = playCatalogGame({
      name: 'soul jar on an enemy',
      groups: [swordsmanM1InG1('blue')],
      turns: [{ red: [cast('soul-jar', { minion: 'M1' }, true)] }],
    });
    expect(rejectedRules(run)).toEqual(['S2']);
  });
});
