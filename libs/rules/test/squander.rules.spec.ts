import type { DomainEvent, MinionSpec, Trigger } from '../src';
import { cast, event, game, given, order, recruit, spell, targetSpell, turn } from '../src/testing';

const bolt = spell('bolt', { effects: [{ damage: { amount: 3, magical: true } }] });
const mend = spell('mend', { house: 'life', effects: [{ heal: { amount: 2 } }] });
const hex = spell('hex', { type: 'alteration', target: { kind: 'minion' } });
const bless = spell('bless', { type: 'alteration', house: 'hope', target: { kind: 'group' } });
const smite = spell('smite', { target: { kind: 'group' }, effects: [{ destroy: { category: 'dies' } }] });
const voidSpell = spell('void', { target: { kind: 'group' }, effects: [{ destroy: { category: 'removed' } }] });
const werewolf: MinionSpec = {
  kind: 'monster',
  class: 'werewolf',
  hp: 8,
  armor: 1,
  attacks: [{ kind: 'hand', damage: 4 }],
};
const lycanthropy = spell('lycanthropy', {
  house: 'abomination',
  target: { kind: 'group' },
  effects: [{ replaceGroup: { with: { minions: [werewolf] } } }],
});
const gargoyle: MinionSpec = {
  kind: 'recruit',
  class: 'gargoyle',
  hp: 8,
  armor: 2,
  attacks: [{ kind: 'hand', damage: 3 }],
};
const jadeGargoyle = spell('jade-gargoyle', {
  house: 'making',
  target: { kind: 'minion', groupKind: 'recruit' },
  effects: [{ replaceMinion: { with: gargoyle } }],
});

const SPELLS = [bolt, mend, hex, bless, smite, voidSpell, lycanthropy, jadeGargoyle];

/** Red, with initiative, casts first; blue's spells run after red's (S7). B1 and B2 are blue recruits. */
const board = () =>
  game()
    .spells(...SPELLS)
    .group('R', 'red', [recruit('R1')])
    .group('B', 'blue', [recruit('B1', { hp: 3 }), recruit('B2')]);

describe('Squandering and replacement (Q1–Q5)', () => {
  describe('Q1 spells do not work on dead entities', () => {
    it('Q1: a spell whose target is in the graveyard when it executes squanders (target-dead), without effect', () => {
      const outcome = given(board().hand('red', 'bolt').hand('blue', 'mend'))
        .when(turn({ red: [cast('bolt', { minion: 'B1' })], blue: [cast('mend', { minion: 'B1' })] }))
        .then(
          event('MinionBuried', { minionId: 'B1', player: 'blue' }),
          event('SpellExecuting', { orderId: order(2), spell: 'mend' }),
          event('SpellSquandered', { orderId: order(2), reason: 'target-dead' }),
        )
        .andNot(event('MinionHealed'), event('SpellResolved', { orderId: order(2) }))
        .andCount(event('SpellResolved'), 1);
      const atExecution = outcome.stateAfter(event('SpellExecuting', { orderId: order(2) }));
      expect(atExecution.players.blue.graveyard).toEqual(['B1']);
      expect(outcome.state.minions.B1).toMatchObject({ status: 'dead', hp: 0 });
      expect(outcome.state.orders[outcome.orderId(2)]).toMatchObject({ outcome: 'squandered' });
    });

    it('Q1: a spell cannot be targeted on a minion already in the graveyard', () => {
      // B1 dies at the start of turn 1, before the orders phase, and stays in the graveyard for the turn.
      const wither: Trigger = { on: 'atStartOfTurn', do: { damage: { amount: 1, magical: true } } };
      given(
        board()
          .hand('blue', 'mend')
          .group('C', 'blue', [recruit('B9', { hp: 1, traits: [wither] })]),
      )
        .when(targetSpell('blue', 'mend', { minion: 'B9' }))
        .thenRejected({ kind: 'rule', rule: 'Q1', field: 'target' });
    });
  });

  describe('why a spell squandered: reasonEventId names the event that made the reason true', () => {
    const only = (events: readonly DomainEvent[], type: string) => events.filter((e) => e.type === type);

    it('Q2: each squandered spell names the MinionDied that made its target dead (causationId stays the execution)', () => {
      const outcome = given(board().hand('red', 'bolt', 'hex').hand('blue', 'mend'))
        .when(
          turn({
            red: [cast('bolt', { minion: 'B1' }), cast('hex', { minion: 'B1' })],
            blue: [cast('mend', { minion: 'B1' })],
          }),
        )
        .run();
      const [died] = only(outcome.events, 'MinionDied');
      const squandered = only(outcome.events, 'SpellSquandered');
      expect(squandered).toHaveLength(2);
      for (const event of squandered) {
        expect(event.data).toMatchObject({ reason: 'target-dead', reasonEventId: died.metadata.eventId });
        const execution = outcome.events.find((e) => e.metadata.eventId === event.metadata.causationId);
        expect(execution?.type).toBe('SpellExecuting');
      }
    });

    it('Q3: a spell on a replaced group names the GroupReplaced', () => {
      const outcome = given(board().hand('red', 'lycanthropy').hand('blue', 'bless'))
        .when(turn({ red: [cast('lycanthropy', { group: 'B' })], blue: [cast('bless', { group: 'B' })] }))
        .run();
      const [replaced] = only(outcome.events, 'GroupReplaced');
      const [squandered] = only(outcome.events, 'SpellSquandered');
      expect(squandered.data).toMatchObject({ reason: 'target-replaced', reasonEventId: replaced.metadata.eventId });
    });

    it('S6: the second copy names the first copy’s SpellActivated', () => {
      const outcome = given(board().hand('red', 'hex').hand('blue', 'hex'))
        .when(turn({ red: [cast('hex', { minion: 'B2' })], blue: [cast('hex', { minion: 'B2' })] }))
        .run();
      const [activated] = only(outcome.events, 'SpellActivated');
      const [squandered] = only(outcome.events, 'SpellSquandered');
      expect(squandered.data).toMatchObject({
        reason: 'blocked-by-active-copy',
        reasonEventId: activated.metadata.eventId,
      });
    });
  });

  describe('Q2 death squanders the rest', () => {
    it('Q2: once a minion dies during spell execution, every later spell of the turn on it squanders', () => {
      given(board().hand('red', 'bolt', 'hex').hand('blue', 'mend'))
        .when(
          turn({
            red: [cast('bolt', { minion: 'B1' }), cast('hex', { minion: 'B1' })],
            blue: [cast('mend', { minion: 'B1' })],
          }),
        )
        .then(
          event('MinionDied', { minionId: 'B1', category: 'dies' }),
          event('SpellResolved', { orderId: order(1) }),
          event('SpellSquandered', { orderId: order(2), reason: 'target-dead' }, { rule: 'Q2' }),
          event('SpellSquandered', { orderId: order(3), reason: 'target-dead' }, { rule: 'Q2' }),
        )
        .andNot(event('SpellActivated'), event('MinionHealed'))
        .andState((state) => {
          expect(state.minions.B1.spells).toEqual([]);
          expect(state.players.red.activeSpells).toEqual([]);
        });
    });

    it('Q2: a group that dies during spell execution makes every later spell on it squander', () => {
      given(board().hand('red', 'smite').hand('blue', 'bless'))
        .when(turn({ red: [cast('smite', { group: 'B' })], blue: [cast('bless', { group: 'B' })] }))
        .then(
          event('MinionDied', { minionId: 'B1' }),
          event('MinionDied', { minionId: 'B2' }),
          event('GroupDied', { groupId: 'B', category: 'dies' }),
          event('SpellResolved', { orderId: order(1) }),
          event('SpellSquandered', { orderId: order(2), reason: 'target-dead' }, { rule: 'Q2' }),
        )
        .andNot(event('SpellActivated'))
        .andState((state) => expect(state.groups.B).toBeUndefined());
    });

    it('Q2: removal from the game is a death too: later spells on a removed minion squander (target-removed)', () => {
      const banish = spell('banish', { effects: [{ destroy: { category: 'removed' } }] });
      given(board().spells(banish).hand('red', 'banish').hand('blue', 'mend'))
        .when(turn({ red: [cast('banish', { minion: 'B2' })], blue: [cast('mend', { minion: 'B2' })] }))
        .then(
          event('MinionDied', { minionId: 'B2', category: 'removed' }),
          event('SpellSquandered', { orderId: order(2), reason: 'target-removed' }, { rule: 'Q2' }),
        );
    });
  });

  describe('Q3 replacement squanders', () => {
    it('Q3: spells on a replaced group squander (target-replaced), even where the replacement is a legal target', () => {
      const outcome = given(board().hand('red', 'lycanthropy').hand('blue', 'bless'))
        .when(turn({ red: [cast('lycanthropy', { group: 'B' })], blue: [cast('bless', { group: 'B' })] }))
        .then(
          event('GroupDied', { groupId: 'B', category: 'replaced' }),
          event('GroupReplaced', { groupId: 'B' }, { rule: 'Q3' }),
          event('SpellResolved', { orderId: order(1) }),
          event('SpellExecuting', { orderId: order(2), target: { group: 'B' } }),
          event('SpellSquandered', { orderId: order(2), reason: 'target-replaced' }, { rule: 'Q3' }),
        )
        .andNot(event('SpellActivated'));
      const { replacementId } = outcome.find(event('GroupReplaced')).data;
      // Spells never switch targets: the replacement got nothing.
      expect(outcome.state.groups[replacementId].spells).toEqual([]);
      expect(outcome.state.players.blue.activeSpells).toEqual([]);
    });

    it('Q3: a recruit replaced by a monster stands in a new group; later spells on the old minion squander', () => {
      const monsterize = spell('monsterize', { effects: [{ replaceMinion: { with: werewolf } }] });
      const outcome = given(board().spells(monsterize).hand('red', 'monsterize').hand('blue', 'mend'))
        .when(turn({ red: [cast('monsterize', { minion: 'B2' })], blue: [cast('mend', { minion: 'B2' })] }))
        .then(
          event('DeathStarted', { minionId: 'B2', category: 'replaced', startStep: 'E2' }),
          event('MinionBuried', { minionId: 'B2' }),
          event('GroupCreated', { owner: 'blue', kind: 'monster', square: 'A1' }, { rule: 'Q3' }),
          event('MinionReplaced', { minionId: 'B2' }, { rule: 'Q3' }),
          event('SpellSquandered', { orderId: order(2), reason: 'target-replaced' }, { rule: 'Q3' }),
        );
      const { replacementId } = outcome.find(event('MinionReplaced')).data;
      expect(outcome.state.minions[replacementId]).toMatchObject({ kind: 'monster', owner: 'blue', status: 'alive' });
      expect(outcome.state.groups.B.minionIds).toEqual(['B1']);
    });
  });

  describe('Q4 recruit-to-recruit replacement', () => {
    it('Q4: a recruit replaced by a recruit keeps its group and every group spell, even when it was alone', () => {
      const outcome = given(
        game()
          .spells(...SPELLS)
          .hand('red', 'jade-gargoyle')
          .group('B', 'blue', [recruit('B1')])
          .activeSpell('W', 'bless', 'blue', { group: 'B' })
          .activeSpell('H', 'bless', 'red', { group: 'B' }),
      )
        .when(turn({ red: [cast('jade-gargoyle', { minion: 'B1' })] }))
        .thenConsecutive(
          event('SpellExecuting', { spell: 'jade-gargoyle' }),
          event('DeathStarted', { minionId: 'B1', category: 'replaced', startStep: 'E2' }, { step: 'E0' }),
          event('MinionDied', { minionId: 'B1', category: 'replaced' }, { step: 'E2' }),
          event('MinionRemovedFromGroup', { minionId: 'B1', groupId: 'B' }, { step: 'E3' }),
          event('MinionBuried', { minionId: 'B1', player: 'blue' }, { step: 'E3' }),
          event(
            'MinionCreated',
            { groupId: 'B', owner: 'blue', minion: { kind: 'recruit', class: 'gargoyle', hp: 8 } },
            { rule: 'Q4' },
          ),
          event('MinionReplaced', { minionId: 'B1' }, { rule: 'Q4' }),
          event('SpellResolved'),
        )
        .andNot(event('GroupDied'), event('SpellDispelled'), event('MinionDying'));
      const { replacementId } = outcome.find(event('MinionReplaced')).data;
      expect(outcome.state.groups.B).toMatchObject({ minionIds: [replacementId], spells: ['W', 'H'] });
      expect(outcome.state.minions[replacementId]).toMatchObject({ groupId: 'B', kind: 'recruit', status: 'alive' });
      expect(outcome.state.activeSpells.W).toMatchObject({ host: { group: 'B' } });
      expect(outcome.state.players.blue.graveyard).toEqual(['B1']);
    });

    it('Q4: after a recruit → recruit replacement, later spells on the group still execute; those on the old recruit squander (Q3)', () => {
      given(
        game()
          .spells(...SPELLS)
          .hand('red', 'jade-gargoyle')
          .hand('blue', 'bless', 'mend')
          .group('B', 'blue', [recruit('B1')]),
      )
        .when(
          turn({
            red: [cast('jade-gargoyle', { minion: 'B1' })],
            blue: [cast('bless', { group: 'B' }), cast('mend', { minion: 'B1' })],
          }),
        )
        .then(
          event('MinionReplaced', { minionId: 'B1' }),
          event('SpellActivated', { orderId: order(2), spell: 'bless', host: { group: 'B' }, owner: 'blue' }),
          event('SpellSquandered', { orderId: order(3), reason: 'target-replaced' }, { rule: 'Q3' }),
        )
        .andState((state) => expect(state.groups.B.spells).toHaveLength(1));
    });
  });

  describe('Q5 removed from the game', () => {
    it('Q5: Void removes a whole group: no death effects, the group is gone, and later spells on it squander', () => {
      const keeper: Trigger = { on: 'isDying', do: { returnToLife: { hp: 3 } } };
      const mourner: Trigger = { on: 'whenDies', do: { gainMana: { player: 'blue', mana: { order: 1 } } } };
      given(
        game()
          .spells(...SPELLS)
          .hand('red', 'void')
          .hand('blue', 'bless')
          .group('B', 'blue', [recruit('B1', { traits: [keeper, mourner] }), recruit('B2')]),
      )
        .when(turn({ red: [cast('void', { group: 'B' })], blue: [cast('bless', { group: 'B' })] }))
        .then(
          event('DeathStarted', { minionId: 'B1', category: 'removed', startStep: 'E2' }),
          event('MinionDied', { minionId: 'B1', category: 'removed' }),
          event('DeathStarted', { minionId: 'B2', category: 'removed', startStep: 'E2' }),
          event('MinionDied', { minionId: 'B2', category: 'removed' }),
          event('GroupDied', { groupId: 'B', category: 'removed' }),
          event('SpellSquandered', { orderId: order(2), reason: 'target-removed' }),
        )
        .andNot(event('MinionDying'), event('DyingCancelled'), event('DiesEffectTriggered'), event('ManaGained'))
        .andState((state) => {
          expect(state.groups.B).toBeUndefined();
          expect(state.players.blue.graveyard).toEqual(['B1', 'B2']);
        });
    });
  });
});
