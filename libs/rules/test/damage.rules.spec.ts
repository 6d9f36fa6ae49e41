import type { Trigger } from '../src';
import { attack, cast, collectGarbage, createGame, event, game, given, recruit, spell, turn } from '../src/testing';
import { groupAt, minionAt } from '../src';

/** Pure magical damage, as most damaging spells deal it (D0). */
const bolt = (amount: number) => spell('bolt', { effects: [{ damage: { amount, magical: true } }] });
/** Physical hand damage from a spell: soaked by armor, no attacker to blame. */
const club = (amount: number) => spell('club', { effects: [{ damage: { amount, kind: 'hand' } }] });

const beforeArmor = (action: Trigger['do'], extra: Partial<Trigger> = {}): Trigger => ({
  on: 'beforeArmor',
  do: action,
  ...extra,
});
const afterArmor = (action: Trigger['do'], extra: Partial<Trigger> = {}): Trigger => ({
  on: 'afterArmor',
  do: action,
  ...extra,
});

/** Red's R1 (and R2) stand against blue's B1 on one square. */
const duel = (victim: Parameters<typeof recruit>[1], attacker: Parameters<typeof recruit>[1] = {}) =>
  game()
    .group('R', 'red', [recruit('R1', attacker), recruit('R2')])
    .group('B', 'blue', [recruit('B1', victim)]);

describe('"Takes Damage" pipeline (D0–D6)', () => {
  describe('D0 damage types', () => {
    it('D0: magical damage is not stopped by a protective spell (ProtectionBypassed) and is applied in full', () => {
      const ward = spell('ward', {
        type: 'alteration',
        house: 'hope',
        target: { kind: 'group' },
        triggers: [beforeArmor({ cancelDamage: {} }, { protective: true })],
      });
      given(
        duel({ hp: 5, armor: 2 })
          .spells(bolt(3), ward)
          .hand('red', 'bolt')
          .activeSpell('W', 'ward', 'blue', { group: 'B' }),
      )
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .then(
          event(
            'DamageIncoming',
            {
              minionId: 'B1',
              amount: 3,
              damage: { kind: null, magical: true, ignoresArmor: true },
              attackerId: null,
            },
            { rule: 'D0.1', step: 'D1' },
          ),
          event(
            'ProtectionBypassed',
            { minionId: 'B1', by: { activeSpellId: 'W', spell: 'ward' } },
            { rule: 'D0', step: 'D1' },
          ),
          event('DamageApplied', { minionId: 'B1', amount: 3, hpBefore: 5, hpAfter: 2 }, { rule: 'D4', step: 'D4' }),
          event('DamageResolved', { minionId: 'B1', result: 'damaged' }),
        )
        .andNot(event('BeforeArmorEffectApplied'), event('ArmorSoaked'), event('DamageBounced'))
        .andState((state) => {
          expect(state.minions.B1).toMatchObject({ hp: 2, armor: 2, status: 'alive' });
          expect(groupAt(state, 'B').spells).toEqual(['W']);
        });
    });

    it('D0/D2: a protection against missile damage stops plain missiles (bounced at D2) but not magical missiles', () => {
      const missileWard = beforeArmor({ cancelDamage: {} }, { protective: true, damageKind: 'missile' });
      given(
        game()
          .group('R', 'red', [
            recruit('R1', { attacks: [{ kind: 'missile', damage: 2, magical: true }] }),
            recruit('R2', { attacks: [{ kind: 'missile', damage: 2 }] }),
          ])
          .group('B', 'blue', [recruit('B1', { hp: 5, traits: [missileWard] })]),
      )
        .when(turn({ red: [attack('R1', 'B1'), attack('R2', 'B1')] }))
        .then(
          event('AttackExecuting', { attackerId: 'R1' }),
          event('DamageIncoming', { damage: { kind: 'missile', magical: true, ignoresArmor: true }, attackerId: 'R1' }),
          event('ProtectionBypassed', { minionId: 'B1', by: { trait: 0, minionId: 'B1' } }, { rule: 'D0', step: 'D1' }),
          event('DamageApplied', { minionId: 'B1', amount: 2, hpBefore: 5, hpAfter: 3 }),
          event('AttackExecuting', { attackerId: 'R2' }),
          event('DamageIncoming', {
            damage: { kind: 'missile', magical: false, ignoresArmor: false },
            attackerId: 'R2',
          }),
          event(
            'BeforeArmorEffectApplied',
            { minionId: 'B1', damageBefore: 2, damageAfter: 0 },
            { rule: 'D1', step: 'D1' },
          ),
          event('ArmorSoaked', { minionId: 'B1', soaked: 0, damageBefore: 0, damageAfter: 0 }),
          event('DamageBounced', { minionId: 'B1', step: 'D2' }),
          event('DamageResolved', { minionId: 'B1', result: 'bounced' }),
        )
        .andCount(event('DamageApplied'), 1)
        .andState((state) => expect(minionAt(state, 'B1').hp).toBe(3));
    });

    it('D0: a protective after-armor effect does not act on magical damage either (ProtectionBypassed at D3)', () => {
      given(
        duel({ hp: 5, traits: [afterArmor({ modifyDamage: { by: -2 } }, { protective: true })] })
          .spells(bolt(3))
          .hand('red', 'bolt'),
      )
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .then(
          event('ProtectionBypassed', { minionId: 'B1' }, { rule: 'D0', step: 'D3' }),
          event('DamageApplied', { amount: 3, hpAfter: 2 }),
        )
        .andNot(event('AfterArmorEffectApplied'));
    });

    it('D0/D1: damage that ignores armor is not reduced by armor and does not reduce it (D1 goes straight to D3)', () => {
      const pierce = spell('pierce', { effects: [{ damage: { amount: 2, kind: 'hand', ignoresArmor: true } }] });
      given(duel({ hp: 5, armor: 3 }).spells(pierce).hand('red', 'pierce'))
        .when(turn({ red: [cast('pierce', { minion: 'B1' })] }))
        .then(
          event('DamageIncoming', { damage: { kind: 'hand', magical: false, ignoresArmor: true } }),
          event('DamageApplied', { minionId: 'B1', amount: 2, hpBefore: 5, hpAfter: 3 }),
        )
        .andNot(event('ArmorSoaked'))
        .andState((state) => expect(state.minions.B1).toMatchObject({ hp: 3, armor: 3, maxArmor: 3 }));
    });

    it('D0: a magical attack implies ignoresArmor', () => {
      given(duel({ hp: 5, armor: 4 }, { attacks: [{ kind: 'hand', damage: 3, magical: true }] }))
        .when(turn({ red: [attack('R1', 'B1')] }))
        .then(
          event('DamageIncoming', { amount: 3, damage: { kind: 'hand', magical: true, ignoresArmor: true } }),
          event('DamageApplied', { amount: 3, hpAfter: 2 }),
        )
        .andNot(event('ArmorSoaked'))
        .andState((state) => expect(minionAt(state, 'B1').armor).toBe(4));
    });
  });

  it('D0.1: a damage run has a type, an amount and an attacker to blame: combat damage always, spell damage none', () => {
    const outcome = given(
      game()
        .spells(bolt(1))
        .hand('red', 'bolt')
        .group('R', 'red', [recruit('R1', { attacks: [{ kind: 'hand', damage: 2 }] })])
        .group('B', 'blue', [recruit('B1', { hp: 9 }), recruit('B2', { hp: 9 })]),
    )
      .when(turn({ red: [cast('bolt', { minion: 'B1' }), attack('R1', 'B2')] }))
      .then(
        event(
          'DamageIncoming',
          { minionId: 'B1', amount: 1, damage: { kind: null, magical: true }, attackerId: null },
          { rule: 'D0.1', step: 'D1' },
        ),
        event(
          'DamageIncoming',
          {
            minionId: 'B2',
            amount: 2,
            damage: { kind: 'hand', magical: false, ignoresArmor: false },
            attackerId: 'R1',
          },
          { rule: 'D0.1', step: 'D1' },
        ),
      );
    // The run's cause: the spell execution, and the attack.
    const spellDamage = outcome.find(event('DamageIncoming', { minionId: 'B1' }));
    const combatDamage = outcome.find(event('DamageIncoming', { minionId: 'B2' }));
    expect(spellDamage.metadata.causationId).toBe(outcome.find(event('SpellExecuting')).metadata.eventId);
    expect(combatDamage.metadata.causationId).toBe(outcome.find(event('AttackExecuting')).metadata.eventId);
  });

  describe('D1 before armor', () => {
    it('D1: "before checking armor" effects change the damage first, then "is hit by" effects, then armor', () => {
      given(
        duel(
          { hp: 5, armor: 1, traits: [beforeArmor({ modifyDamage: { by: -1 } })] },
          { attacks: [{ kind: 'hand', damage: 3 }] },
        ),
      )
        .when(turn({ red: [attack('R1', 'B1')] }))
        .thenConsecutive(
          event('DamageIncoming', { minionId: 'B1', amount: 3, attackerId: 'R1' }, { step: 'D1' }),
          event(
            'BeforeArmorEffectApplied',
            {
              minionId: 'B1',
              by: { trait: 0, minionId: 'B1' },
              action: { modifyDamage: { by: -1 } },
              damageBefore: 3,
              damageAfter: 2,
            },
            { rule: 'D1', step: 'D1' },
          ),
          event('MinionHit', { minionId: 'B1', attackerId: 'R1' }, { rule: 'D1', step: 'D1' }),
          event('ArmorSoaked', { soaked: 1, damageBefore: 2, damageAfter: 1 }, { rule: 'D2', step: 'D2' }),
          event('DamageApplied', { amount: 1, hpBefore: 5, hpAfter: 4 }, { step: 'D4' }),
          event('DamageResolved', { minionId: 'B1', result: 'damaged' }),
        )
        .andState((state) => expect(state.minions.B1).toMatchObject({ hp: 4, armor: 0 }));
    });

    it('D1: with an attacker, "is hit by" effects apply; spell damage, with no attacker, hits nobody', () => {
      const thorns: Trigger = { on: 'hitBy', do: { damage: { amount: 1 } }, subject: 'attacker' };
      given(
        duel({ hp: 9, traits: [thorns] })
          .spells(club(1))
          .hand('red', 'club'),
      )
        .when(turn({ red: [cast('club', { minion: 'B1' }), attack('R1', 'B1')] }))
        .then(
          event('DamageIncoming', { minionId: 'B1', attackerId: null }),
          event('DamageResolved', { minionId: 'B1' }),
          event('AttackExecuting'),
          event('MinionHit', { minionId: 'B1', attackerId: 'R1' }, { rule: 'D1', step: 'D1' }),
          event(
            'HitEffectTriggered',
            { minionId: 'B1', attackerId: 'R1', by: { trait: 0, minionId: 'B1' }, action: thorns.do },
            { rule: 'D1', step: 'D1' },
          ),
          // The thorns hit the attacker, blamed on the minion that was hit.
          event('DamageIncoming', { minionId: 'R1', amount: 1, attackerId: 'B1' }),
          event('DamageApplied', { minionId: 'R1', hpBefore: 5, hpAfter: 4 }),
          event('DamageApplied', { minionId: 'B1', hpBefore: 8, hpAfter: 6 }),
        )
        .andCount(event('MinionHit', { minionId: 'B1' }), 1)
        .andCount(event('HitEffectTriggered'), 1)
        .andState((state) => {
          expect(minionAt(state, 'R1').hp).toBe(4);
          expect(minionAt(state, 'B1').hp).toBe(6);
        });
    });

    it('D1/D2: a "before checking armor" effect that cancels the damage leaves HP untouched: bounced at D2', () => {
      given(
        duel({ hp: 5, armor: 1, traits: [beforeArmor({ cancelDamage: {} })] })
          .spells(club(3))
          .hand('red', 'club'),
      )
        .when(turn({ red: [cast('club', { minion: 'B1' })] }))
        .then(
          event('DamageIncoming', { minionId: 'B1', amount: 3, attackerId: null }),
          event(
            'BeforeArmorEffectApplied',
            { minionId: 'B1', damageBefore: 3, damageAfter: 0 },
            { rule: 'D1', step: 'D1' },
          ),
          // D1 has no halt of its own: "reduced to 0" is judged at D2.
          event('ArmorSoaked', { minionId: 'B1', soaked: 0, armorAfter: 1, damageAfter: 0 }, { step: 'D2' }),
          event('DamageBounced', { minionId: 'B1', step: 'D2' }, { rule: 'D2' }),
          event('DamageResolved', { minionId: 'B1', result: 'bounced' }),
        )
        .andNot(event('DamageApplied'), event('DamageCapped'))
        .andState((state) => expect(state.minions.B1).toMatchObject({ hp: 5, status: 'alive' }));
    });

    it('D1: "is hit by" effects happen even when a "before checking armor" effect cancelled the damage (D1 has no halt)', () => {
      // docs/rules.md D1 runs every before-armor effect and then, with an attacker, every is-hit-by effect; only D2
      // (damage soaked to 0) and D3 (cancelled after armor) stop the pipeline with "bounced".
      const thorns: Trigger = { on: 'hitBy', do: { damage: { amount: 1 } }, subject: 'attacker' };
      given(duel({ hp: 5, traits: [beforeArmor({ cancelDamage: {} }), thorns] }))
        .when(turn({ red: [attack('R1', 'B1')] }))
        .then(
          event('DamageIncoming', { minionId: 'B1', attackerId: 'R1' }),
          event('BeforeArmorEffectApplied', { minionId: 'B1', damageAfter: 0 }, { step: 'D1' }),
          event('MinionHit', { minionId: 'B1', attackerId: 'R1' }, { rule: 'D1', step: 'D1' }),
          event('HitEffectTriggered', { minionId: 'B1', attackerId: 'R1', by: { trait: 1, minionId: 'B1' } }),
          event('DamageApplied', { minionId: 'R1', amount: 1, hpBefore: 5, hpAfter: 4 }),
          event('DamageResolved', { minionId: 'B1', result: 'bounced' }),
        )
        .andNot(event('DamageApplied', { minionId: 'B1' }))
        .andState((state) => {
          expect(minionAt(state, 'B1').hp).toBe(5);
          expect(minionAt(state, 'R1').hp).toBe(4);
        });
    });
  });

  describe('D2 armor soak', () => {
    it('D2: armor and damage cancel point for point; what is left goes on to D3 and D4', () => {
      given(duel({ hp: 5, armor: 2 }, { attacks: [{ kind: 'hand', damage: 3 }] }))
        .when(turn({ red: [attack('R1', 'B1')] }))
        .thenConsecutive(
          event('MinionHit'),
          event(
            'ArmorSoaked',
            { minionId: 'B1', soaked: 2, armorBefore: 2, armorAfter: 0, damageBefore: 3, damageAfter: 1 },
            { rule: 'D2', step: 'D2' },
          ),
          event('DamageApplied', { minionId: 'B1', amount: 1, hpBefore: 5, hpAfter: 4 }, { rule: 'D4', step: 'D4' }),
          event('DamageResolved', { minionId: 'B1', result: 'damaged' }),
        )
        .andState((state) => expect(state.minions.B1).toMatchObject({ hp: 4, armor: 0, maxArmor: 2 }));
    });

    it('D2: damage that armor soaks entirely bounces; HP is untouched and armor keeps the rest', () => {
      given(duel({ hp: 5, armor: 3 }, { attacks: [{ kind: 'hand', damage: 2 }] }))
        .when(turn({ red: [attack('R1', 'B1')] }))
        .thenConsecutive(
          event(
            'ArmorSoaked',
            { minionId: 'B1', soaked: 2, armorBefore: 3, armorAfter: 1, damageBefore: 2, damageAfter: 0 },
            { rule: 'D2', step: 'D2' },
          ),
          event('DamageBounced', { minionId: 'B1', step: 'D2' }, { rule: 'D2', step: 'D2' }),
          event('DamageResolved', { minionId: 'B1', result: 'bounced' }),
        )
        .andNot(event('DamageCapped'), event('DamageApplied'), event('DeathStarted'))
        .andState((state) => expect(state.minions.B1).toMatchObject({ hp: 5, armor: 1, status: 'alive' }));
    });

    it('D2: physical spell damage is soaked by armor too', () => {
      given(duel({ hp: 5, armor: 1 }).spells(club(3)).hand('red', 'club'))
        .when(turn({ red: [cast('club', { minion: 'B1' })] }))
        .then(
          event('ArmorSoaked', { soaked: 1, armorAfter: 0, damageAfter: 2 }, { step: 'D2' }),
          event('DamageApplied', { amount: 2, hpAfter: 3 }),
        );
    });
  });

  describe('D3 after armor', () => {
    it('D3: the remaining damage is capped at the minion’s current HP', () => {
      given(duel({ hp: 4, armor: 1 }, { attacks: [{ kind: 'hand', damage: 9 }] }))
        .when(turn({ red: [attack('R1', 'B1')] }))
        .thenConsecutive(
          event('ArmorSoaked', { damageAfter: 8 }),
          event('DamageCapped', { minionId: 'B1', from: 8, to: 4 }, { rule: 'D3', step: 'D3' }),
          event('DamageApplied', { minionId: 'B1', amount: 4, hpBefore: 4, hpAfter: 0 }, { step: 'D4' }),
          event('DamageResolved', { minionId: 'B1', result: 'killed' }),
        )
        .andState((state) => expect(state.minions.B1).toMatchObject({ hp: 0, status: 'dead' }));
    });

    it('D3: an "after checking armor" effect that cancels the damage makes it bounce at D3', () => {
      given(
        duel(
          { hp: 5, armor: 1, traits: [afterArmor({ cancelDamage: {} })] },
          { attacks: [{ kind: 'hand', damage: 3 }] },
        ),
      )
        .when(turn({ red: [attack('R1', 'B1')] }))
        .thenConsecutive(
          event('ArmorSoaked', { soaked: 1, damageAfter: 2 }),
          event(
            'AfterArmorEffectApplied',
            { minionId: 'B1', by: { trait: 0, minionId: 'B1' }, damageBefore: 2, damageAfter: 0 },
            { rule: 'D3', step: 'D3' },
          ),
          event('DamageBounced', { minionId: 'B1', step: 'D3' }, { rule: 'D3', step: 'D3' }),
          event('DamageResolved', { minionId: 'B1', result: 'bounced' }),
        )
        .andNot(event('DamageApplied'))
        // The armor soak already happened: the armor is spent even though the damage bounced.
        .andState((state) => expect(state.minions.B1).toMatchObject({ hp: 5, armor: 0 }));
    });

    it('D3: "after checking armor" effects act on the damage left after the cap', () => {
      given(
        duel({ hp: 3, traits: [afterArmor({ modifyDamage: { by: -1 } })] }, { attacks: [{ kind: 'hand', damage: 7 }] }),
      )
        .when(turn({ red: [attack('R1', 'B1')] }))
        .thenConsecutive(
          event('DamageCapped', { from: 7, to: 3 }),
          event('AfterArmorEffectApplied', { damageBefore: 3, damageAfter: 2 }),
          event('DamageApplied', { amount: 2, hpBefore: 3, hpAfter: 1 }),
          event('DamageResolved', { result: 'damaged' }),
        );
    });
  });

  describe('D4 apply', () => {
    it('D4: HP drops by the remaining damage; alive with HP > 0 is "damaged" and nobody dies', () => {
      given(duel({ hp: 5 }).spells(bolt(2)).hand('red', 'bolt'))
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .thenConsecutive(
          event('DamageIncoming', { minionId: 'B1', amount: 2 }),
          event('DamageApplied', { minionId: 'B1', amount: 2, hpBefore: 5, hpAfter: 3 }, { rule: 'D4', step: 'D4' }),
          event('DamageResolved', { minionId: 'B1', result: 'damaged' }, { rule: 'D4' }),
          event('SpellResolved'),
        )
        .andNot(event('DeathStarted'))
        .andState((state) => expect(state.minions.B1).toMatchObject({ hp: 3, status: 'alive', groupId: 'B' }));
    });

    it('D4/D5: HP reaching 0 is "killed", and the death pipeline starts from that result', () => {
      const outcome = given(duel({ hp: 2 }).spells(bolt(2)).hand('red', 'bolt'))
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .thenConsecutive(
          event('DamageApplied', { minionId: 'B1', amount: 2, hpBefore: 2, hpAfter: 0 }, { step: 'D4' }),
          event('DamageResolved', { minionId: 'B1', result: 'killed' }, { rule: 'D5' }),
          event('DeathStarted', { minionId: 'B1', category: 'dies', attackerId: null }, { step: 'E0' }),
        );
      expect(outcome.find(event('DeathStarted')).metadata.causationId).toBe(
        outcome.find(event('DamageResolved')).metadata.eventId,
      );
    });
  });

  describe('D1–D4 as the "Takes Damage" table reads', () => {
    it('D1: every "before checking armor" effect happens, in order, even after the damage has reached 0', () => {
      given(
        duel({ hp: 5, traits: [beforeArmor({ cancelDamage: {} }), beforeArmor({ modifyDamage: { by: 2 } })] })
          .spells(club(3))
          .hand('red', 'club'),
      )
        .when(turn({ red: [cast('club', { minion: 'B1' })] }))
        .thenConsecutive(
          event('DamageIncoming', { minionId: 'B1', amount: 3 }),
          event('BeforeArmorEffectApplied', { by: { trait: 0 }, damageBefore: 3, damageAfter: 0 }, { step: 'D1' }),
          event('BeforeArmorEffectApplied', { by: { trait: 1 }, damageBefore: 0, damageAfter: 2 }, { step: 'D1' }),
          event('ArmorSoaked', { soaked: 0, damageBefore: 2, damageAfter: 2 }, { step: 'D2' }),
          event('DamageApplied', { minionId: 'B1', amount: 2, hpBefore: 5, hpAfter: 3 }, { step: 'D4' }),
          event('DamageResolved', { minionId: 'B1', result: 'damaged' }),
        )
        .andNot(event('DamageBounced'));
    });

    it('D1/D3: magical damage that D1 brought to 0 skips D2 and bounces at D3', () => {
      given(
        duel({ hp: 5, armor: 2, traits: [beforeArmor({ cancelDamage: {} })] })
          .spells(bolt(3))
          .hand('red', 'bolt'),
      )
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .thenConsecutive(
          event('BeforeArmorEffectApplied', { damageBefore: 3, damageAfter: 0 }, { step: 'D1' }),
          event('DamageBounced', { minionId: 'B1', step: 'D3' }, { rule: 'D3', step: 'D3' }),
          event('DamageResolved', { minionId: 'B1', result: 'bounced' }),
        )
        .andNot(event('ArmorSoaked'), event('DamageApplied'))
        .andState((state) => expect(state.minions.B1).toMatchObject({ hp: 5, armor: 2 }));
    });

    it.each<[string, [number, number], [number, number]]>([
      ['−3 then +2', [-3, 2], [0, 2]],
      ['+2 then −3', [2, -3], [5, 2]],
    ])(
      'D1: a −3 and a +2 effect meeting on 3 damage both happen (%s): 2 damage is applied',
      (_, [first, second], [mid, end]) => {
        given(
          duel({
            hp: 5,
            traits: [beforeArmor({ modifyDamage: { by: first } }), beforeArmor({ modifyDamage: { by: second } })],
          })
            .spells(bolt(3))
            .hand('red', 'bolt'),
        )
          .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
          .thenConsecutive(
            event('BeforeArmorEffectApplied', { by: { trait: 0 }, damageBefore: 3, damageAfter: mid }),
            event('BeforeArmorEffectApplied', { by: { trait: 1 }, damageBefore: mid, damageAfter: end }),
            event('DamageApplied', { minionId: 'B1', amount: 2, hpBefore: 5, hpAfter: 3 }),
          );
      },
    );

    it('D3: the cap to current HP comes once, before the effects; D4 then takes what remains, below 0 if it must', () => {
      given(
        duel({ hp: 3, traits: [afterArmor({ modifyDamage: { by: 2 } })] }, { attacks: [{ kind: 'hand', damage: 7 }] }),
      )
        .when(turn({ red: [attack('R1', 'B1')] }))
        .thenConsecutive(
          event('ArmorSoaked', { soaked: 0, damageAfter: 7 }),
          event('DamageCapped', { minionId: 'B1', from: 7, to: 3 }, { rule: 'D3', step: 'D3' }),
          event('AfterArmorEffectApplied', { damageBefore: 3, damageAfter: 5 }, { rule: 'D3', step: 'D3' }),
          event('DamageApplied', { minionId: 'B1', amount: 5, hpBefore: 3, hpAfter: -2 }, { rule: 'D4', step: 'D4' }),
          event('DamageResolved', { minionId: 'B1', result: 'killed' }, { rule: 'D5' }),
          event('DeathStarted', { minionId: 'B1', category: 'kills', attackerId: 'R1' }),
        )
        .andCount(event('DamageCapped'), 1)
        .andState((state) => expect(state.minions.B1).toMatchObject({ hp: -2, status: 'dead' }));
    });

    it('D3: "cancelled" is judged after every after-armor effect: a cancel that a later effect undoes does not bounce', () => {
      given(
        duel({ hp: 5, traits: [afterArmor({ cancelDamage: {} }), afterArmor({ modifyDamage: { by: 2 } })] })
          .spells(bolt(3))
          .hand('red', 'bolt'),
      )
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .thenConsecutive(
          event('AfterArmorEffectApplied', { by: { trait: 0 }, damageBefore: 3, damageAfter: 0 }),
          event('AfterArmorEffectApplied', { by: { trait: 1 }, damageBefore: 0, damageAfter: 2 }),
          event('DamageApplied', { minionId: 'B1', amount: 2, hpAfter: 3 }),
        )
        .andNot(event('DamageBounced'));
    });

    it('D3: after-armor effects that leave no damage make it bounce at D3, after all of them happened', () => {
      given(
        duel({ hp: 5, traits: [afterArmor({ modifyDamage: { by: 2 } }), afterArmor({ cancelDamage: {} })] })
          .spells(bolt(3))
          .hand('red', 'bolt'),
      )
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .thenConsecutive(
          event('AfterArmorEffectApplied', { by: { trait: 0 }, damageBefore: 3, damageAfter: 5 }),
          event('AfterArmorEffectApplied', { by: { trait: 1 }, damageBefore: 5, damageAfter: 0 }),
          event('DamageBounced', { minionId: 'B1', step: 'D3' }),
          event('DamageResolved', { minionId: 'B1', result: 'bounced' }),
        )
        .andNot(event('DamageApplied'));
    });

    it('D3: an after-armor effect that kills its own minion gives "killed", with no D4 and exactly one death', () => {
      given(
        duel({ hp: 5, traits: [afterArmor({ destroy: { category: 'dies' } })] })
          .spells(bolt(2))
          .hand('red', 'bolt'),
      )
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .then(
          event(
            'AfterArmorEffectApplied',
            { minionId: 'B1', action: { destroy: { category: 'dies' } }, damageBefore: 2, damageAfter: 2 },
            { rule: 'D3', step: 'D3' },
          ),
          event('DeathStarted', { minionId: 'B1', category: 'dies' }),
          event('MinionDied', { minionId: 'B1' }),
          event('DamageResolved', { minionId: 'B1', result: 'killed' }, { rule: 'D5' }),
        )
        .andNot(event('DamageApplied'))
        .andCount(event('MinionDied'), 1)
        .andCount(event('DeathStarted'), 1)
        .andState((state) => expect(state.minions.B1).toMatchObject({ hp: 5, status: 'dead' }));
    });

    it('D1: a before-armor effect may be any action: it runs on its subject, and the damage goes on unchanged', () => {
      const spikes = beforeArmor({ damage: { amount: 1 } }, { subject: 'attacker' });
      const tithe = beforeArmor({ gainMana: { player: 'caster', mana: { strife: 1 } } });
      given(duel({ hp: 5, traits: [spikes, tithe] }, { attacks: [{ kind: 'hand', damage: 2 }] }))
        .when(turn({ red: [attack('R1', 'B1')] }))
        .thenConsecutive(
          event('DamageIncoming', { minionId: 'B1', amount: 2, attackerId: 'R1' }),
          event('BeforeArmorEffectApplied', { by: { trait: 0 }, damageBefore: 2, damageAfter: 2 }, { step: 'D1' }),
          // The attacker is hit by the minion it struck, which is blamed (K1).
          event('DamageIncoming', { minionId: 'R1', amount: 1, attackerId: 'B1' }),
        )
        .and(
          event('BeforeArmorEffectApplied', { by: { trait: 1 }, damageBefore: 2, damageAfter: 2 }),
          event('ManaGained', { player: 'blue', mana: { strife: 1 } }),
          event('DamageApplied', { minionId: 'B1', amount: 2, hpBefore: 5, hpAfter: 3 }),
        )
        .andState((state) => expect(minionAt(state, 'R1').hp).toBe(4));
    });
  });

  it('D5/K1: combat damage kills (category kills, attacker to blame); spell damage dies (category dies)', () => {
    given(
      game()
        .spells(bolt(3))
        .hand('red', 'bolt')
        .group('R', 'red', [recruit('R1', { attacks: [{ kind: 'hand', damage: 3 }] })])
        .group('B', 'blue', [recruit('B1', { hp: 3 }), recruit('B2', { hp: 3 })]),
    )
      .when(turn({ red: [cast('bolt', { minion: 'B1' }), attack('R1', 'B2')] }))
      .then(
        event('DamageResolved', { minionId: 'B1', result: 'killed' }, { rule: 'D5' }),
        event('DeathStarted', { minionId: 'B1', category: 'dies', attackerId: null, startStep: 'E1' }, { rule: 'E0' }),
        event('MinionDied', { minionId: 'B1', category: 'dies', attackerId: null }),
        event('DamageResolved', { minionId: 'B2', result: 'killed' }, { rule: 'D5' }),
        event('DeathStarted', { minionId: 'B2', category: 'kills', attackerId: 'R1', startStep: 'E1' }, { rule: 'E0' }),
        event('MinionDied', { minionId: 'B2', category: 'kills', attackerId: 'R1' }),
      )
      .andState((state) => {
        expect(minionAt(state, 'B1').status).toBe('dead');
        expect(minionAt(state, 'B2').status).toBe('dead');
        expect(state.players.blue.graveyard).toEqual(['B1', 'B2']);
      });
  });

  it('D1: a before-armor summon made for a minion joins its group (B4: up to eight)', () => {
    const muster = beforeArmor({
      summon: { minions: [{ kind: 'recruit', hp: 2, armor: 0, attacks: [{ kind: 'hand', damage: 1 }] }] },
    });
    given(
      duel({ hp: 5, traits: [muster] })
        .spells(bolt(1))
        .hand('red', 'bolt'),
    )
      .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
      .then(
        event('BeforeArmorEffectApplied', { minionId: 'B1', damageBefore: 1, damageAfter: 1 }),
        event('MinionCreated', { groupId: 'B', owner: 'blue' }),
        event('DamageApplied', { minionId: 'B1', amount: 1 }),
      )
      .andState((state) => expect(groupAt(state, 'B').minionIds).toHaveLength(2));
  });

  describe('D6 armor across combat rounds', () => {
    it('D6: current armor is restored to max armor at the start of the combat round', () => {
      given(
        duel({ hp: 9, armor: 2 }, { attacks: [{ kind: 'hand', damage: 3 }] })
          .spells(club(3))
          .hand('red', 'club'),
      )
        .when(turn({ red: [cast('club', { minion: 'B1' }), attack('R1', 'B1')] }))
        .then(
          event('ArmorSoaked', { minionId: 'B1', armorBefore: 2, armorAfter: 0 }),
          event('DamageApplied', { minionId: 'B1', hpBefore: 9, hpAfter: 8 }),
          event('CombatPhaseStarted'),
          event('ArmorRestored', { minionId: 'B1', armorBefore: 0, armorAfter: 2 }, { rule: 'D6' }),
          event('AttackExecuting', { attackerId: 'R1' }),
          event('ArmorSoaked', { minionId: 'B1', armorBefore: 2, armorAfter: 0, damageAfter: 1 }),
          event('DamageApplied', { minionId: 'B1', hpBefore: 8, hpAfter: 7 }),
        )
        .andState((state) => expect(state.minions.B1).toMatchObject({ hp: 7, armor: 0, maxArmor: 2 }));
    });

    it('D6: armor gained during a combat round raises max armor only; it helps from the next round', () => {
      const toughens: Trigger = { on: 'hitBy', do: { modifyStats: { armor: 2 } } };
      given(duel({ hp: 20, armor: 0, traits: [toughens] }, { attacks: [{ kind: 'hand', damage: 3 }] }))
        .when(turn({ red: [attack('R1', 'B1')] }))
        .thenConsecutive(
          event('MinionHit', { minionId: 'B1' }),
          event('HitEffectTriggered', { minionId: 'B1' }),
          event('StatsModified', { minionId: 'B1', armor: 2, maxArmorAfter: 2, armorAfter: 0 }, { rule: 'D6' }),
          event('ArmorSoaked', { minionId: 'B1', soaked: 0, armorBefore: 0, damageAfter: 3 }),
          event('DamageApplied', { minionId: 'B1', amount: 3, hpBefore: 20, hpAfter: 17 }),
        )
        .andState((state) => expect(state.minions.B1).toMatchObject({ maxArmor: 2, armor: 0, hp: 17 }))
        .when(collectGarbage(), turn({ red: [attack('R1', 'B1')] }))
        .then(
          event('TurnStarted', { turn: 2 }),
          event('ArmorRestored', { minionId: 'B1', armorBefore: 0, armorAfter: 2 }, { rule: 'D6' }),
          event('StatsModified', { minionId: 'B1', maxArmorAfter: 4, armorAfter: 2 }),
          event('ArmorSoaked', { minionId: 'B1', soaked: 2, armorBefore: 2, armorAfter: 0, damageAfter: 1 }),
          event('DamageApplied', { minionId: 'B1', amount: 1, hpBefore: 17, hpAfter: 16 }),
        )
        .andState((state) => expect(state.minions.B1).toMatchObject({ maxArmor: 4, armor: 0, hp: 16 }));
    });

    it('D6: armor gained from a spell before combat raises max armor only; the combat round starts with it', () => {
      const plate = spell('plate', {
        type: 'alteration',
        house: 'making',
        target: { kind: 'minion', side: 'friendly' },
        effects: [{ modifyStats: { armor: 2 } }],
      });
      const outcome = given(
        duel({ hp: 9, armor: 1 }, { attacks: [{ kind: 'hand', damage: 4 }] })
          .spells(plate)
          .hand('blue', 'plate'),
      )
        .when(turn({ red: [attack('R1', 'B1')], blue: [cast('plate', { minion: 'B1' })] }))
        .then(
          event('SpellActivated', { spell: 'plate', host: { minion: 'B1' } }),
          event('StatsModified', { minionId: 'B1', armor: 2, maxArmorAfter: 3, armorAfter: 1 }, { rule: 'D6' }),
          event('CombatPhaseStarted'),
          event('ArmorRestored', { minionId: 'B1', armorBefore: 1, armorAfter: 3 }, { rule: 'D6' }),
          event('ArmorSoaked', { minionId: 'B1', soaked: 3, armorBefore: 3, damageAfter: 1 }),
        );
      const afterSpell = outcome.stateAfter(event('StatsModified'));
      expect(afterSpell.minions.B1).toMatchObject({ maxArmor: 3, armor: 1 });
    });
  });
});

describe("the pages' examples on the damage side (D1, D3, D6, K1)", () => {
  const hitBy: Trigger = { on: 'hitBy', do: { heal: { amount: 1 } } };
  const hitInCombat: Trigger = { on: 'hitInCombat', do: { heal: { amount: 2 } } };
  /** A trait that strikes the attacker back with a spell-like bolt: damage with an attacker, but no combat blow. */
  const lashesBack: Trigger = { on: 'hitInCombat', do: { damage: { amount: 1, magical: true } }, subject: 'attacker' };

  it('D1: "is hit by" and "is hit in combat" are distinct — a combat blow fires both; damage with an attacker outside a blow (an effect striking back) fires "is hit by" only', () => {
    given(
      game()
        .group('R', 'red', [recruit('R1', { hp: 9, traits: [hitBy, hitInCombat] })])
        .group('B', 'blue', [recruit('B1', { hp: 9, traits: [hitBy, hitInCombat, lashesBack] })]),
    )
      .when(turn({ blue: [attack('B1', 'R1')], red: [attack('R1', 'B1')] }))
      .then(
        event('AttackExecuting', { attackerId: 'R1' }),
        event('MinionHit', { minionId: 'B1', attackerId: 'R1' }, { rule: 'D1', step: 'D1' }),
        event('HitEffectTriggered', { minionId: 'B1', attackerId: 'R1', by: { trait: 0 } }, { rule: 'D1' }),
        event('HitInCombatEffectTriggered', { minionId: 'B1', attackerId: 'R1', by: { trait: 1 } }, { rule: 'D1' }),
        event('HitInCombatEffectTriggered', { minionId: 'B1', by: { trait: 2 } }),
        // The lash is damage to R1 with B1 to blame: R1 "is hit by" B1, but not in combat.
        event('DamageIncoming', { minionId: 'R1', attackerId: 'B1', damage: { magical: true } }),
        event('MinionHit', { minionId: 'R1', attackerId: 'B1' }),
        event('HitEffectTriggered', { minionId: 'R1', attackerId: 'B1', by: { trait: 0 } }),
        event('DamageResolved', { minionId: 'R1' }),
        event('AttackExecuting', { attackerId: 'B1' }),
        event('HitInCombatEffectTriggered', { minionId: 'R1', attackerId: 'B1', by: { trait: 1 } }),
      )
      .andCount(event('HitInCombatEffectTriggered', { minionId: 'R1' }), 1)
      .andCount(event('HitEffectTriggered', { minionId: 'R1' }), 2);
  });

  it('D1: spell damage has no attacker: neither "is hit by" nor "is hit in combat" effects happen', () => {
    given(
      duel({ hp: 9, traits: [hitBy, hitInCombat] })
        .spells(bolt(2))
        .hand('red', 'bolt'),
    )
      .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
      .then(event('DamageApplied', { minionId: 'B1', amount: 2 }))
      .andNot(event('MinionHit'), event('HitEffectTriggered'), event('HitInCombatEffectTriggered'));
  });

  it('K1/D5: "weapon-related spells that inflict \'extra\' points of magical damage during combat" — the attacker\'s "hits" effect strikes the victim once the blow has landed, blamed on the attacker, so the death it causes is "kills"; a victim the blow killed is hit by nothing more', () => {
    const blade = spell('blade', {
      type: 'alteration',
      house: 'war',
      target: { kind: 'minion', side: 'friendly' },
      triggers: [{ on: 'hits', do: { damage: { amount: 2, magical: true } } }],
    });
    given(duel({ hp: 4, armor: 5 }).spells(blade).activeSpell('W', 'blade', 'red', { minion: 'R1' }))
      .when(turn({ red: [attack('R1', 'B1')] }))
      .then(
        event('AttackExecuting', { attackerId: 'R1', victimId: 'B1' }),
        event('MinionHit', { minionId: 'B1', attackerId: 'R1' }),
        // The blow itself: 2 hand damage, soaked by 5 armor.
        event('ArmorSoaked', { minionId: 'B1', soaked: 2, damageAfter: 0 }),
        event('DamageBounced', { minionId: 'B1', step: 'D2' }),
        event(
          'HitsEffectTriggered',
          { attackerId: 'R1', victimId: 'B1', by: { activeSpellId: 'W', spell: 'blade' } },
          { rule: 'K1' },
        ),
        event('DamageIncoming', {
          minionId: 'B1',
          amount: 2,
          damage: { kind: null, magical: true, ignoresArmor: true },
          attackerId: 'R1',
        }),
        event('DamageApplied', { minionId: 'B1', amount: 2, hpBefore: 4, hpAfter: 2 }),
      )
      .andNot(event('HitInCombatEffectTriggered'), event('MinionDied'))
      .when(collectGarbage(), turn({ red: [attack('R1', 'B1')] }))
      .then(
        event('HitsEffectTriggered', { attackerId: 'R1', victimId: 'B1' }),
        event('DamageApplied', { minionId: 'B1', amount: 2, hpBefore: 2, hpAfter: 0 }),
        event('DeathStarted', { minionId: 'B1', category: 'kills', attackerId: 'R1' }, { rule: 'E0' }),
        event('MinionDied', { minionId: 'B1', category: 'kills', attackerId: 'R1' }),
      );
    given(duel({ hp: 2 }).spells(blade).activeSpell('W', 'blade', 'red', { minion: 'R1' }))
      .when(turn({ red: [attack('R1', 'B1')] }))
      .then(event('MinionDied', { minionId: 'B1', category: 'kills' }))
      .andNot(event('HitsEffectTriggered'));
  });

  it('K1: "hits give" — a monster\'s special effect on each blow acts on the minion it hit; spell damage from it gives no "hits"', () => {
    const venom: Trigger = { on: 'hits', do: { modifyStats: { damage: -1 } } };
    given(
      duel({ hp: 9 }, { traits: [venom] })
        .spells(bolt(1))
        .hand('red', 'bolt'),
    )
      .when(turn({ red: [cast('bolt', { minion: 'B1' }), attack('R1', 'B1')] }))
      .then(
        event('DamageApplied', { minionId: 'B1', amount: 1 }),
        event('AttackExecuting', { attackerId: 'R1' }),
        event('HitsEffectTriggered', { attackerId: 'R1', victimId: 'B1', by: { trait: 0, minionId: 'R1' } }),
        event('StatsModified', { minionId: 'B1', damage: -1 }),
      )
      .andCount(event('HitsEffectTriggered'), 1)
      .andState((state) => expect(state.minions.B1).toMatchObject({ damageBonus: -1 }));
  });

  describe('D3 [A]: damage that reaches D3 as 0 and that no "after checking armor" effect cancelled', () => {
    const zeroBolt = spell('zero', { effects: [{ damage: { amount: 0, magical: true } }] });
    const setup = () => duel({ hp: 5 }).spells(zeroBolt).hand('red', 'zero');

    it('D3: by default (zeroDamageAtD3 "bounced") it is bounced at D3: "If this cancels the damage, halt with result = bounced"', () => {
      given(setup())
        .when(turn({ red: [cast('zero', { minion: 'B1' })] }))
        .thenConsecutive(
          event('DamageIncoming', { minionId: 'B1', amount: 0 }),
          event('DamageBounced', { minionId: 'B1', step: 'D3' }, { rule: 'D3' }),
          event('DamageResolved', { minionId: 'B1', result: 'bounced' }),
        )
        .andNot(event('DamageApplied'));
    });

    it('D3/D4: with zeroDamageAtD3 "applied" nothing cancelled it, so D4 applies it: damaged by 0; an after-armor effect that does cancel damage still bounces it', () => {
      const absorb = spell('absorb', {
        type: 'alteration',
        house: 'hope',
        target: { kind: 'minion' },
        triggers: [afterArmor({ cancelDamage: {} })],
      });
      given(setup().rules({ zeroDamageAtD3: 'applied' }))
        .when(turn({ red: [cast('zero', { minion: 'B1' })] }))
        .thenConsecutive(
          event('DamageIncoming', { minionId: 'B1', amount: 0 }),
          event('DamageApplied', { minionId: 'B1', amount: 0, hpBefore: 5, hpAfter: 5 }, { rule: 'D4', step: 'D4' }),
          event('DamageResolved', { minionId: 'B1', result: 'damaged' }),
        )
        .andNot(event('DamageBounced'));
      given(
        setup()
          .rules({ zeroDamageAtD3: 'applied' })
          .spells(bolt(2), absorb)
          .hand('red', 'bolt')
          .activeSpell('X', 'absorb', 'blue', { minion: 'B1' }),
      )
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .then(
          event('AfterArmorEffectApplied', { minionId: 'B1', damageBefore: 2, damageAfter: 0 }),
          event('DamageBounced', { minionId: 'B1', step: 'D3' }),
        );
    });

    it('D3: the game records the reading it was set up with (GameCreated.rules) and only then', () => {
      given([])
        .when(createGame(setup().rules({ zeroDamageAtD3: 'applied' })))
        .then(
          event('GameCreated', {
            rules: { combatRounds: 1, nonVisibleDuplicates: 'allowed', zeroDamageAtD3: 'applied' },
          }),
        )
        .andState((state) => expect(state.rules.zeroDamageAtD3).toBe('applied'));
      const created = given([]).when(createGame(setup())).run().find(event('GameCreated'));
      expect('rules' in created.data).toBe(false);
    });
  });

  describe('D6 [A]: combat rounds', () => {
    it('D6: "current armor is reset … at the start of each combat round; armor gained during a round … helps from the next round" — with two rounds, armor a blow gives in round 1 soaks the blow of round 2', () => {
      const toughens: Trigger = { on: 'hitBy', do: { modifyStats: { armor: 2 } } };
      given(
        duel({ hp: 20, armor: 0, traits: [toughens] }, { attacks: [{ kind: 'hand', damage: 3 }] }).rules({
          combatRounds: 2,
        }),
      )
        .when(turn({ red: [attack('R1', 'B1')] }))
        .then(
          event('CombatPhaseStarted'),
          event('AttackExecuting', { attackerId: 'R1' }),
          event('StatsModified', { minionId: 'B1', armor: 2, maxArmorAfter: 2, armorAfter: 0 }, { rule: 'D6' }),
          event('ArmorSoaked', { minionId: 'B1', soaked: 0, armorBefore: 0, damageAfter: 3 }),
          event('DamageApplied', { minionId: 'B1', amount: 3, hpBefore: 20, hpAfter: 17 }),
          event('CombatRoundStarted', { round: 2, rounds: 2 }, { rule: 'D6' }),
          event('ArmorRestored', { minionId: 'B1', armorBefore: 0, armorAfter: 2 }, { rule: 'D6' }),
          event('AttackExecuting', { attackerId: 'R1' }),
          event('ArmorSoaked', { minionId: 'B1', soaked: 2, armorBefore: 2, armorAfter: 0, damageAfter: 1 }),
          event('DamageApplied', { minionId: 'B1', amount: 1, hpBefore: 17, hpAfter: 16 }),
          event('TurnEnded'),
        )
        .andCount(event('AttackExecuting'), 2)
        .andCount(event('CombatRoundStarted'), 1)
        .andState((state) => expect(state.minions.B1).toMatchObject({ maxArmor: 4, armor: 0, hp: 16 }));
    });

    it('D6 [A]: one round by default — no CombatRoundStarted; an attack whose victim died in round 1 fizzles in round 2', () => {
      given(duel({ hp: 20 }))
        .when(turn({ red: [attack('R1', 'B1')] }))
        .then(event('AttackExecuting'))
        .andCount(event('AttackExecuting'), 1)
        .andNot(event('CombatRoundStarted'));
      given(duel({ hp: 2 }).rules({ combatRounds: 3 }))
        .when(turn({ red: [attack('R1', 'B1')] }))
        .then(
          event('MinionDied', { minionId: 'B1', category: 'kills' }),
          event('CombatRoundStarted', { round: 2, rounds: 3 }),
          event('AttackFizzled', { reason: 'victim-gone' }),
          event('CombatRoundStarted', { round: 3, rounds: 3 }),
          event('AttackFizzled', { reason: 'victim-gone' }),
        );
    });

    it('D6 [A]: a set-up asks for 1 to 8 rounds; more is refused naming the field', () => {
      given([])
        .when(createGame(duel({}).rules({ combatRounds: 9 })))
        .thenRejected({ kind: 'invalid', field: 'rules.combatRounds' });
    });
  });
});
