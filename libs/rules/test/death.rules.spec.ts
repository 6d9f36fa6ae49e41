import type { Trigger } from '../src';
import { attack, cast, collectGarbage, event, game, given, monster, recruit, spell, turn } from '../src/testing';
import { groupAt, minionAt } from '../src';

const bolt = spell('bolt', { effects: [{ damage: { amount: 3, magical: true } }] });
const voidSpell = spell('void', { target: { kind: 'minion' }, effects: [{ destroy: { category: 'removed' } }] });

/** A blue trait that gains blue one mana of a type when its hook fires: an observable effect. */
const gains = (on: Trigger['on'], type: 'order' | 'strife' | 'clarity' | 'world'): Trigger => ({
  on,
  do: { gainMana: { player: 'blue', mana: { [type]: 1 } } },
});
const returnToLife = (hp: number): Trigger => ({ on: 'isDying', do: { returnToLife: { hp } } });

/** B1 carries an is-dying, a when-killed and a when-dies effect. */
const haunted = gains('isDying', 'order');
const avenger = gains('whenKilled', 'strife');
const mourner = gains('whenDies', 'clarity');

const board = (b1: Parameters<typeof recruit>[1]) =>
  game()
    .spells(bolt, voidSpell)
    .hand('red', 'bolt', 'void')
    .group('R', 'red', [recruit('R1', { attacks: [{ kind: 'hand', damage: 3 }] })])
    .group('B', 'blue', [recruit('B1', { hp: 3, ...b1 }), recruit('B2')]);

describe('"Minion Death" pipeline (K1, E0–E3)', () => {
  describe('K1 death categories', () => {
    it('K1/E2: "kills" (an attacker to blame): is-dying, when-killed and then when-dies effects all apply', () => {
      given(board({ traits: [haunted, avenger, mourner] }))
        .when(turn({ red: [attack('R1', 'B1')] }))
        .thenConsecutive(
          event('DamageResolved', { minionId: 'B1', result: 'killed' }),
          event('DeathStarted', { minionId: 'B1', category: 'kills', attackerId: 'R1', startStep: 'E1' }),
          event('MinionDying', { minionId: 'B1' }, { rule: 'E1', step: 'E1' }),
          event(
            'DyingEffectTriggered',
            { minionId: 'B1', by: { trait: 0, minionId: 'B1' } },
            { rule: 'E1', step: 'E1' },
          ),
          event('ManaGained', { player: 'blue', mana: { order: 1 } }),
          event('MinionDied', { minionId: 'B1', category: 'kills', attackerId: 'R1' }, { rule: 'E2', step: 'E2' }),
          event(
            'KilledEffectTriggered',
            { minionId: 'B1', attackerId: 'R1', by: { trait: 1, minionId: 'B1' }, action: avenger.do },
            { rule: 'E2', step: 'E2' },
          ),
          event('ManaGained', { player: 'blue', mana: { strife: 1 } }),
          event(
            'DiesEffectTriggered',
            { minionId: 'B1', by: { trait: 2, minionId: 'B1' } },
            { rule: 'E2', step: 'E2' },
          ),
          event('ManaGained', { player: 'blue', mana: { clarity: 1 } }),
          event('MinionRemovedFromGroup', { minionId: 'B1', groupId: 'B' }),
          event('MinionBuried', { minionId: 'B1', player: 'blue' }),
        )
        .andState((state) => {
          expect(minionAt(state, 'B1').status).toBe('dead');
          expect(state.players.blue.mana).toMatchObject({ order: 11, strife: 11, clarity: 11 });
        });
    });

    it('K1: "dies" (no attacker): is-dying and when-dies effects apply, when-killed effects do not', () => {
      given(board({ traits: [haunted, avenger, mourner] }))
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .then(
          event('DeathStarted', { minionId: 'B1', category: 'dies', attackerId: null, startStep: 'E1' }),
          event('DyingEffectTriggered', { minionId: 'B1' }),
          event('MinionDied', { minionId: 'B1', category: 'dies', attackerId: null }),
          event('DiesEffectTriggered', { minionId: 'B1', by: { trait: 2, minionId: 'B1' } }),
        )
        .andNot(event('KilledEffectTriggered'), event('ManaGained', { mana: { strife: 1 } }))
        .andState((state) => expect(state.players.blue.mana).toMatchObject({ order: 11, strife: 10, clarity: 11 }));
    });

    it('K1/E0: "removed from the game" applies no effect at all: no MinionDying, no dying-cancel, straight to E2', () => {
      given(board({ traits: [returnToLife(2), haunted, avenger, mourner] }))
        .when(turn({ red: [cast('void', { minion: 'B1' })] }))
        .thenConsecutive(
          event('SpellExecuting', { spell: 'void' }),
          event(
            'DeathStarted',
            { minionId: 'B1', category: 'removed', attackerId: null, startStep: 'E2' },
            { rule: 'E0', step: 'E0' },
          ),
          event('MinionDied', { minionId: 'B1', category: 'removed', attackerId: null }, { step: 'E2' }),
          event('MinionRemovedFromGroup', { minionId: 'B1', groupId: 'B' }, { rule: 'E3.2', step: 'E3' }),
          event('MinionBuried', { minionId: 'B1', player: 'blue' }, { rule: 'E3.3', step: 'E3' }),
          event('SpellResolved'),
        )
        .andNot(
          event('MinionDying'),
          event('DyingCancelled'),
          event('DyingEffectTriggered'),
          event('KilledEffectTriggered'),
          event('DiesEffectTriggered'),
          event('ManaGained'),
        )
        .andState((state) => {
          expect(state.minions.B1).toMatchObject({ status: 'dead', groupId: null });
          expect(state.players.blue.graveyard).toEqual(['B1']);
          expect(state.players.blue.mana).toMatchObject({ order: 10, strife: 10, clarity: 10 });
          expect(groupAt(state, 'B').minionIds).toEqual(['B2']);
        });
    });

    it('K1: "replaced by" is removal from the game (no effects, from E2) plus the creation of the replacement', () => {
      const lycanthropy = spell('lycanthropy', {
        house: 'abomination',
        target: { kind: 'group', groupKind: 'recruit' },
        effects: [
          {
            replaceGroup: {
              with: {
                minions: [
                  { kind: 'monster', class: 'werewolf', hp: 8, armor: 1, attacks: [{ kind: 'hand', damage: 4 }] },
                ],
              },
            },
          },
        ],
      });
      const outcome = given(
        board({ traits: [returnToLife(2), mourner] })
          .spells(lycanthropy)
          .hand('red', 'lycanthropy'),
      )
        .when(turn({ red: [cast('lycanthropy', { group: 'B' })] }))
        .then(
          event('DeathStarted', { minionId: 'B1', category: 'replaced', startStep: 'E2' }, { rule: 'E0', step: 'E0' }),
          event('MinionDied', { minionId: 'B1', category: 'replaced' }),
          event('MinionBuried', { minionId: 'B1' }),
          event('DeathStarted', { minionId: 'B2', category: 'replaced', startStep: 'E2' }),
          event('MinionBuried', { minionId: 'B2' }),
          event('GroupDied', { groupId: 'B', category: 'replaced' }, { rule: 'B4' }),
          event('GroupCreated', { owner: 'blue', square: 'A1', kind: 'monster' }),
          event('MinionCreated', { owner: 'blue', minion: { kind: 'monster', class: 'werewolf', hp: 8 } }),
          event('GroupReplaced', { groupId: 'B' }, { rule: 'Q3' }),
        )
        .andNot(event('MinionDying'), event('DyingCancelled'), event('DiesEffectTriggered'));
      const { replacementId } = outcome.find(event('GroupReplaced')).data;
      const created = outcome.find(event('MinionCreated')).data;
      expect(created.groupId).toBe(replacementId);
      expect(outcome.state.groups.B).toBeUndefined();
      expect(outcome.state.groups[replacementId]).toMatchObject({ owner: 'blue', square: 'A1', kind: 'monster' });
      expect(groupAt(outcome.state, replacementId).minionIds).toEqual([created.minion.id]);
      expect(outcome.state.players.blue.graveyard).toEqual(['B1', 'B2']);
    });
  });

  describe('E0 dispatch', () => {
    it('E0: kills and dies start at E1 (MinionDying); removed and replaced start at E2', () => {
      given(board({}))
        .when(turn({ red: [cast('bolt', { minion: 'B1' }), cast('void', { minion: 'B2' })] }))
        .thenConsecutive(
          event('DeathStarted', { minionId: 'B1', category: 'dies', startStep: 'E1' }, { rule: 'E0', step: 'E0' }),
          event('MinionDying', { minionId: 'B1' }, { step: 'E1' }),
          event('MinionDied', { minionId: 'B1' }, { step: 'E2' }),
        )
        .andConsecutive(
          event('DeathStarted', { minionId: 'B2', category: 'removed', startStep: 'E2' }, { rule: 'E0', step: 'E0' }),
          event('MinionDied', { minionId: 'B2', category: 'removed' }, { step: 'E2' }),
        );
    });
  });

  describe('E1 is dying', () => {
    it('E1: the minion is set to dying, and every is-dying effect is checked', () => {
      const outcome = given(board({ traits: [haunted] }))
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .thenConsecutive(
          event('MinionDying', { minionId: 'B1' }, { rule: 'E1', step: 'E1' }),
          event('DyingEffectTriggered', { minionId: 'B1', action: haunted.do }, { rule: 'E1', step: 'E1' }),
          event('ManaGained', { player: 'blue' }),
          event('MinionDied', { minionId: 'B1' }),
        );
      expect(minionAt(outcome.stateAfter(event('MinionDying')), 'B1').status).toBe('dying');
      expect(minionAt(outcome.stateAfter(event('MinionDied')), 'B1').status).toBe('dead');
    });

    it('E1/E1.2: a dying-cancel returns the minion to life; with HP > 0 the death halts and it lives on', () => {
      const mend = spell('mend', { house: 'life', effects: [{ heal: { amount: 2 } }] });
      given(
        board({ traits: [returnToLife(1)] })
          .spells(mend)
          .hand('blue', 'mend'),
      )
        .when(turn({ red: [cast('bolt', { minion: 'B1' })], blue: [cast('mend', { minion: 'B1' })] }))
        .thenConsecutive(
          event('MinionDying', { minionId: 'B1' }),
          event(
            'DyingCancelled',
            { minionId: 'B1', by: { trait: 0, minionId: 'B1' }, hp: 1 },
            { rule: 'E1', step: 'E1' },
          ),
          event('DeathAverted', { minionId: 'B1', hp: 1 }, { rule: 'E1.2', step: 'E1' }),
          event('SpellResolved'),
        )
        // The minion did not die, so blue's later spell on it is not squandered (Q2).
        .and(
          event('SpellExecuting', { spell: 'mend' }),
          event('MinionHealed', { minionId: 'B1', hpBefore: 1, hpAfter: 3 }),
        )
        .andNot(event('MinionDied'), event('MinionBuried'), event('SpellSquandered'))
        .andState((state) => {
          expect(state.minions.B1).toMatchObject({ status: 'alive', hp: 3, groupId: 'B' });
          expect(groupAt(state, 'B').minionIds).toEqual(['B1', 'B2']);
          expect(state.players.blue.graveyard).toEqual([]);
        });
    });

    it('E1.1: two dying-cancels: the first returns the minion to life, the second ignores the death (DyingCancelIgnored)', () => {
      const soulJar = spell('soul-jar', {
        type: 'alteration',
        target: { kind: 'minion' },
        triggers: [returnToLife(4)],
      });
      given(
        board({ hp: 3, maxHp: 6, traits: [returnToLife(2)] })
          .spells(soulJar)
          .activeSpell('J', 'soul-jar', 'blue', { minion: 'B1' }),
      )
        .when(turn({ red: [attack('R1', 'B1')] }))
        .thenConsecutive(
          event('DeathStarted', { minionId: 'B1', category: 'kills', attackerId: 'R1' }),
          event('MinionDying', { minionId: 'B1' }),
          event(
            'DyingCancelled',
            { minionId: 'B1', by: { trait: 0, minionId: 'B1' }, hp: 2 },
            { rule: 'E1', step: 'E1' },
          ),
          event(
            'DyingCancelIgnored',
            { minionId: 'B1', by: { activeSpellId: 'J', spell: 'soul-jar' } },
            { rule: 'E1.1', step: 'E1' },
          ),
          event('DeathAverted', { minionId: 'B1', hp: 2 }, { rule: 'E1.2', step: 'E1' }),
        )
        .andCount(event('DyingCancelled'), 1)
        .andNot(event('MinionDied'))
        .andState((state) => {
          expect(state.minions.B1).toMatchObject({ status: 'alive', hp: 2, spells: ['J'] });
          expect(state.activeSpells.J).toBeDefined();
        });
    });

    it('E1.2: a dying-cancel that leaves HP ≤ 0 does not save the minion: the death goes on to E2', () => {
      given(board({ traits: [returnToLife(0), mourner] }))
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .thenConsecutive(
          event('MinionDying', { minionId: 'B1' }),
          event('DyingCancelled', { minionId: 'B1', hp: 0 }, { rule: 'E1', step: 'E1' }),
          event('MinionDied', { minionId: 'B1', category: 'dies' }, { rule: 'E2', step: 'E2' }),
          event('DiesEffectTriggered', { minionId: 'B1' }),
        )
        .andNot(event('DeathAverted'))
        .andState((state) => {
          expect(state.minions.B1).toMatchObject({ status: 'dead', hp: 0, groupId: null });
          expect(state.players.blue.graveyard).toEqual(['B1']);
        });
    });
  });

  describe('E3 burial', () => {
    const mark = spell('mark', { type: 'alteration', target: { kind: 'minion' } });
    const curse = spell('curse', { type: 'alteration', target: { kind: 'minion' }, visible: false });
    const banner = spell('banner', { type: 'alteration', target: { kind: 'group' } });

    it('E3: burial dispels the individual spells, removes the minion from its group, and adds it to its owner’s graveyard', () => {
      given(board({}).spells(mark).activeSpell('M', 'mark', 'red', { minion: 'B1' }))
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .thenConsecutive(
          event('MinionDied', { minionId: 'B1' }),
          event('SpellDispelled', { activeSpellId: 'M', reason: 'host-died' }, { rule: 'E3.1', step: 'E3' }),
          event('MinionRemovedFromGroup', { minionId: 'B1', groupId: 'B' }, { rule: 'E3.2', step: 'E3' }),
          event('MinionBuried', { minionId: 'B1', player: 'blue' }, { rule: 'E3.3', step: 'E3' }),
        );
    });

    it('E3.1: every active individual spell on the dead minion is dispelled, non-visible ones included', () => {
      given(
        board({})
          .spells(mark, curse, banner)
          .activeSpell('M', 'mark', 'red', { minion: 'B1' })
          .activeSpell('C', 'curse', 'red', { minion: 'B1' })
          .activeSpell('K', 'mark', 'red', { minion: 'B2' })
          .activeSpell('W', 'banner', 'blue', { group: 'B' }),
      )
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .then(
          event(
            'SpellDispelled',
            { activeSpellId: 'M', spell: 'mark', host: { minion: 'B1' }, reason: 'host-died' },
            { rule: 'E3.1', step: 'E3' },
          ),
          event(
            'SpellDispelled',
            { activeSpellId: 'C', spell: 'curse', host: { minion: 'B1' }, reason: 'host-died' },
            { rule: 'E3.1', step: 'E3' },
          ),
          event('MinionRemovedFromGroup', { minionId: 'B1' }),
        )
        .andCount(event('SpellDispelled'), 2)
        .andState((state) => {
          expect(minionAt(state, 'B1').spells).toEqual([]);
          expect(state.activeSpells.M).toBeUndefined();
          expect(state.activeSpells.C).toBeUndefined();
          expect(state.players.red.activeSpells).toEqual(['K']);
          expect(minionAt(state, 'B2').spells).toEqual(['K']);
          expect(groupAt(state, 'B').spells).toEqual(['W']);
        });
    });

    it('E3.2: the dead minion leaves its group and so loses the group’s spells; the group keeps them', () => {
      given(board({}).spells(banner).activeSpell('W', 'banner', 'blue', { group: 'B' }))
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .then(event('MinionRemovedFromGroup', { minionId: 'B1', groupId: 'B' }, { rule: 'E3.2', step: 'E3' }))
        .andNot(event('GroupDied'), event('SpellDispelled'))
        .andState((state) => {
          expect(minionAt(state, 'B1').groupId).toBeNull();
          expect(state.groups.B).toMatchObject({ minionIds: ['B2'], spells: ['W'] });
          expect(state.activeSpells.W).toMatchObject({ host: { group: 'B' }, owner: 'blue' });
        });
    });

    it('E3.2/B4: a group left with no minions dies and is removed from the game; its group spells leave play', () => {
      given(
        game()
          .spells(bolt, banner)
          .hand('red', 'bolt')
          .group('B', 'blue', [recruit('B1', { hp: 3 })])
          .activeSpell('W', 'banner', 'blue', { group: 'B' }),
      )
        .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
        .thenConsecutive(
          event('MinionRemovedFromGroup', { minionId: 'B1', groupId: 'B' }, { rule: 'E3.2', step: 'E3' }),
          event('MinionBuried', { minionId: 'B1', player: 'blue' }, { rule: 'E3.3', step: 'E3' }),
          event('SpellDispelled', { activeSpellId: 'W', host: { group: 'B' }, reason: 'host-died' }, { rule: 'S1' }),
          event('GroupDied', { groupId: 'B', category: 'dies' }, { rule: 'B4' }),
        )
        .andState((state) => {
          expect(state.groups.B).toBeUndefined();
          expect(state.activeSpells.W).toBeUndefined();
          expect(state.players.blue.activeSpells).toEqual([]);
        });
    });

    it('E3.3: the dead minion stays in its owner’s graveyard until the garbage collection deletes it (T1)', () => {
      given(
        game()
          .group('R', 'red', [recruit('R1', { attacks: [{ kind: 'hand', damage: 5 }] })])
          .group('B', 'blue', [monster('B1', { hp: 4 }), monster('B2')]),
      )
        .when(turn({ red: [attack('R1', 'B1')] }))
        .then(event('MinionBuried', { minionId: 'B1', player: 'blue' }, { rule: 'E3.3', step: 'E3' }))
        .andState((state) => {
          expect(state.players.blue.graveyard).toEqual(['B1']);
          expect(state.players.red.graveyard).toEqual([]);
          expect(state.minions.B1).toMatchObject({ status: 'dead', groupId: null, hp: 0 });
        })
        .when(collectGarbage())
        .thenConsecutive(
          event('GarbageCollected', { turn: 1, minionIds: ['B1'] }, { rule: 'E3.3' }),
          event('TurnStarted', { turn: 2 }),
        )
        .andState((state) => {
          expect(state.minions.B1).toBeUndefined();
          expect(state.players.blue.graveyard).toEqual([]);
          expect(state.minions.B2).toBeDefined();
        });
    });
  });
});

describe("the pages' examples on the death side (K1, E1, E2)", () => {
  const ifKilled = gains('ifKilled', 'world');
  const savedIfKilled: Trigger = { on: 'ifKilled', do: { returnToLife: { hp: 2 } } };

  it('K1/E1/E2: "if killed" and "when killed" are distinct — for a "kills" death, the "if killed" effect happens at E1 while the minion is dying (after the "is dying" effects), the "when … is killed" effect at E2 once it is dead', () => {
    given(board({ traits: [avenger, ifKilled, haunted] }))
      .when(turn({ red: [attack('R1', 'B1')] }))
      .thenConsecutive(
        event('MinionDying', { minionId: 'B1' }, { step: 'E1' }),
        event('DyingEffectTriggered', { minionId: 'B1', by: { trait: 2 } }, { rule: 'E1', step: 'E1' }),
        event('ManaGained', { player: 'blue', mana: { order: 1 } }),
        event(
          'IfKilledEffectTriggered',
          { minionId: 'B1', attackerId: 'R1', by: { trait: 1 } },
          { rule: 'K1', step: 'E1' },
        ),
        event('ManaGained', { player: 'blue', mana: { world: 1 } }),
        event('MinionDied', { minionId: 'B1', category: 'kills', attackerId: 'R1' }, { step: 'E2' }),
        event('KilledEffectTriggered', { minionId: 'B1', attackerId: 'R1', by: { trait: 0 } }, { step: 'E2' }),
      );
  });

  it('K1: a "dies" death (no attacker) applies neither "if killed" nor "when killed" effects', () => {
    given(board({ traits: [avenger, ifKilled, haunted] }))
      .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
      .then(
        event('DyingEffectTriggered', { minionId: 'B1' }),
        event('MinionDied', { minionId: 'B1', category: 'dies' }),
      )
      .andNot(event('IfKilledEffectTriggered'), event('KilledEffectTriggered'));
  });

  it('K1/E1.1/E1.2: an "if killed" effect may return the minion to life (a dying-cancel, for kills only); a "when killed" one comes too late', () => {
    given(board({ traits: [savedIfKilled] }))
      .when(turn({ red: [attack('R1', 'B1')] }))
      .then(
        event('MinionDying', { minionId: 'B1' }),
        event('DyingCancelled', { minionId: 'B1', by: { trait: 0 }, hp: 2 }, { rule: 'E1' }),
        event('DeathAverted', { minionId: 'B1', hp: 2 }, { rule: 'E1.2' }),
      )
      .andNot(event('MinionDied'));
    given(board({ traits: [savedIfKilled] }))
      .when(turn({ red: [cast('bolt', { minion: 'B1' })] }))
      .then(event('MinionDied', { minionId: 'B1', category: 'dies' }))
      .andNot(event('DyingCancelled'));
    given(board({ traits: [returnToLife(1), savedIfKilled] }))
      .when(turn({ red: [attack('R1', 'B1')] }))
      .then(
        event('DyingCancelled', { minionId: 'B1', by: { trait: 0 }, hp: 1 }),
        event('DyingCancelIgnored', { minionId: 'B1', by: { trait: 1 } }, { rule: 'E1.1' }),
        event('DeathAverted', { minionId: 'B1', hp: 1 }),
      );
  });

  it('K1: a "when killed" trait may not return to life (refused at set-up: returnToLife works in "is dying" and "if killed" only)', () => {
    const setup = board({ traits: [{ on: 'whenKilled', do: { returnToLife: { hp: 1 } } }] });
    given([])
      .when({ type: 'CreateGame', data: { gameId: 'test', setup: setup.build() } })
      .thenRejected({
        kind: 'invalid',
        field: 'board.groups[1].minions[0].traits[0].do',
        reason: /isDying or ifKilled/,
      });
  });
});
