import type { Trigger } from '../src';
import {
  attack,
  cancelOrder,
  cast,
  collectGarbage,
  confirm,
  discard,
  discardSpell,
  event,
  game,
  given,
  orderAttack,
  recruit,
  spell,
  targetSpell,
  turn,
  wholeTurn,
  order,
} from '../src/testing';
import { minionAt } from '../src';

const bolt = spell('bolt', { effects: [{ damage: { amount: 3, magical: true } }] });

const board = () =>
  game()
    .spells(bolt)
    .group('R', 'red', [recruit('R1', { hp: 9 }), recruit('R2', { hp: 9 })])
    .group('B', 'blue', [recruit('B1', { hp: 9 }), recruit('B2', { hp: 9 })]);

describe('Turn (T1–T3)', () => {
  describe('T1 the turn', () => {
    it('T1: a turn runs orders → spell execution → combat → end of turn → garbage collection → next turn', () => {
      const outcome = given(board().hand('red', 'bolt'))
        .when(wholeTurn({ red: [cast('bolt', { minion: 'B1' }), attack('R1', 'B2')] }))
        .thenConsecutive(
          event('OrdersConfirmed', { player: 'red' }, { phase: 'orders' }),
          event('OrdersConfirmed', { player: 'blue' }, { phase: 'orders' }),
          event('SpellExecutionPhaseStarted', { orderIds: [order(1)] }, { phase: 'spellExecution' }),
        )
        .and(
          event('SpellResolved', {}, { phase: 'spellExecution' }),
          event('CombatPhaseStarted', { orderIds: [order(2)] }, { phase: 'combat' }),
          event('DamageApplied', { minionId: 'B2' }, { phase: 'combat' }),
          event('TurnEnded', { turn: 1 }, { rule: 'T1', phase: 'endOfTurn', turn: 1 }),
          event('GarbageCollectionScheduled', { turn: 1 }, { rule: 'T1', phase: 'garbageCollection' }),
          event('GarbageCollected', { turn: 1, minionIds: [] }, { turn: 1 }),
          event('TurnStarted', { turn: 2 }, { rule: 'T1', turn: 2, phase: 'start' }),
          event('OrdersPhaseStarted', { turn: 2 }, { rule: 'T1', turn: 2, phase: 'orders' }),
        );
      expect(outcome.stateAfter(event('GarbageCollectionScheduled'))).toMatchObject({
        turn: 1,
        phase: 'garbageCollection',
        pendingCollection: 1,
      });
      expect(outcome.state).toMatchObject({ turn: 2, phase: 'orders', pendingCollection: null, orderIds: [] });
    });

    it('T1: the start of turn runs at-start-of-turn effects, conjuration expiry, draws, mana generation, then the initiative update', () => {
      const regrowth = spell('regrowth', {
        type: 'conjuration',
        house: 'life',
        target: { kind: 'minion' },
        duration: 1,
        triggers: [{ on: 'atStartOfTurn', do: { heal: { amount: 1 } } }],
      });
      given(
        board()
          .spells(regrowth, spell('ping'))
          .hand('red', 'bolt', 'bolt', 'bolt', 'bolt', 'bolt')
          .deck('red', 'ping')
          .income('red', { mystery: 2 })
          .group('G', 'red', [recruit('G1', { hp: 2, maxHp: 5 })], 'C3')
          .activeSpell('RG', 'regrowth', 'red', { minion: 'G1' }),
      )
        .when(wholeTurn({ red: [discard('bolt')] }))
        .thenConsecutive(
          event('GarbageCollected', { turn: 1 }),
          event('TurnStarted', { turn: 2, initiative: 'blue' }, { rule: 'T1' }),
          event(
            'StartOfTurnEffectTriggered',
            {
              by: { activeSpellId: 'RG', spell: 'regrowth' },
              subject: { minion: 'G1' },
              action: { heal: { amount: 1 } },
            },
            { rule: 'T1' },
          ),
          event('MinionHealed', { minionId: 'G1', amount: 1, hpBefore: 3, hpAfter: 4 }, { rule: 'T1' }),
          event('SpellExpired', { activeSpellId: 'RG', spell: 'regrowth', host: { minion: 'G1' } }, { rule: 'S1' }),
          // Until the initiative update (the last step), red — turn 1's holder — comes first (B2).
          event('CardsDrawn', { player: 'red', cards: ['ping'], handSize: 5 }, { rule: 'B7' }),
          event('CardsDrawn', { player: 'blue', cards: [] }, { rule: 'B7' }),
          event('ManaGenerated', { player: 'red', mana: { mystery: 2 }, pool: { mystery: 14 } }, { rule: 'T1' }),
          event('ManaGenerated', { player: 'blue', mana: { mystery: 0 } }, { rule: 'T1' }),
          event('InitiativeUpdated', { turn: 2, initiative: 'blue', previous: 'red' }, { rule: 'T1' }),
          event('OrdersPhaseStarted', { turn: 2 }),
        )
        .andState((state) => {
          expect(minionAt(state, 'G1').hp).toBe(4);
          expect(minionAt(state, 'G1').spells).toEqual([]);
          expect(state.players.red.mana.mystery).toBe(14);
          expect(state.players.red.hand).toEqual(['bolt', 'bolt', 'bolt', 'bolt', 'ping']);
          expect(state.players.red.deck).toEqual([]);
        });
    });

    it('T1: at-start-of-turn effects of minion traits fire at every start of turn', () => {
      const tithe: Trigger = { on: 'atStartOfTurn', do: { gainMana: { player: 'blue', mana: { world: 1 } } } };
      given(board().group('T', 'blue', [recruit('T1', { traits: [tithe] })], 'C3'))
        .when(wholeTurn(), wholeTurn())
        .then(
          event('TurnStarted', { turn: 2 }),
          event(
            'StartOfTurnEffectTriggered',
            { by: { trait: 0, minionId: 'T1' }, subject: { minion: 'T1' } },
            { rule: 'T1' },
          ),
          event('ManaGained', { player: 'blue', mana: { world: 1 }, pool: { world: 12 } }, { rule: 'T1' }),
          event('TurnStarted', { turn: 3 }),
          event('StartOfTurnEffectTriggered', { by: { trait: 0, minionId: 'T1' } }),
          event('ManaGained', { player: 'blue', pool: { world: 13 } }),
        )
        .andState((state) => expect(state.players.blue.mana.world).toBe(13));
    });

    it('T1: the initiative update is the last step of the start of turn, so its effects bubble from the previous holder (B2)', () => {
      // docs/rules.md T1 lists the start of turn as: at-start-of-turn effects, conjuration expiry, draws, mana
      // generation, initiative update. In turn 2 red still holds initiative while the effects bubble.
      const tithe = (player: 'red' | 'blue'): Trigger => ({
        on: 'atStartOfTurn',
        do: { gainMana: { player, mana: { order: 1 } } },
      });
      const outcome = given(
        game()
          .group('R', 'red', [recruit('R1', { traits: [tithe('red')] })])
          .group('B', 'blue', [recruit('B1', { traits: [tithe('blue')] })]),
      )
        .when(wholeTurn())
        .then(event('TurnStarted', { turn: 2 }), event('OrdersPhaseStarted', { turn: 2 }));
      expect(outcome.findAll(event('StartOfTurnEffectTriggered')).map((e) => e.data.subject)).toEqual([
        { minion: 'R1' },
        { minion: 'B1' },
      ]);
      expect(outcome.state.initiative).toBe('blue');
    });

    it('T1 [A]: initiative alternates every turn, starting with the set-up’s holder', () => {
      given(board())
        .when(wholeTurn(), wholeTurn(), wholeTurn())
        .then(
          event('TurnStarted', { turn: 2, initiative: 'blue' }),
          event('TurnStarted', { turn: 3, initiative: 'red' }),
          event('TurnStarted', { turn: 4, initiative: 'blue' }),
        )
        .andState((state) => expect(state.initiative).toBe('blue'));
      given(board().initiative('blue'))
        .when(wholeTurn())
        .then(event('TurnStarted', { turn: 2, initiative: 'red' }));
    });

    it('T1: garbage collection deletes every minion in every graveyard, then the next turn starts', () => {
      const outcome = given(
        game()
          .group('R', 'red', [recruit('R1', { hp: 2, attacks: [{ kind: 'hand', damage: 5 }] }), recruit('R2')])
          .group('B', 'blue', [recruit('B1', { hp: 2, attacks: [{ kind: 'hand', damage: 5 }] }), recruit('B2')]),
      )
        .when(turn({ red: [attack('R1', 'B1')], blue: [attack('B2', 'R1')] }))
        .then(event('MinionBuried', { minionId: 'B1' }), event('MinionBuried', { minionId: 'R1' }))
        .andState((state) => {
          expect(state.players.red.graveyard).toEqual(['R1']);
          expect(state.players.blue.graveyard).toEqual(['B1']);
        })
        .when(collectGarbage(1))
        .thenConsecutive(
          event('GarbageCollected', { turn: 1, minionIds: ['R1', 'B1'] }, { rule: 'E3.3' }),
          event('TurnStarted', { turn: 2 }),
        )
        .andState((state) => {
          expect(state.minions.R1).toBeUndefined();
          expect(state.minions.B1).toBeUndefined();
          expect(Object.keys(state.minions).sort()).toEqual(['B2', 'R2']);
          expect(state.players.red.graveyard).toEqual([]);
          expect(state.players.blue.graveyard).toEqual([]);
        });
      expect(outcome.find(event('TurnStarted')).metadata.causationId).toBe(
        outcome.find(event('GarbageCollected')).metadata.eventId,
      );
    });

    it('T1: the garbage collection is carried out once; another for the same turn, or before the turn ends, is refused', () => {
      given(board(), wholeTurn()).when(collectGarbage(1)).thenRejected({ kind: 'phase', rule: 'T1' });
      given(board()).when(collectGarbage(1)).thenRejected({ kind: 'phase', rule: 'T1' });
    });
  });

  describe('T2 confirming', () => {
    it('T2: nothing executes until both players have confirmed their orders', () => {
      given(board().hand('red', 'bolt'), targetSpell('red', 'bolt', { minion: 'B1' }))
        .when(confirm('red'))
        .thenConsecutive(event('OrdersConfirmed', { player: 'red' }, { rule: 'T2' }))
        .andState((state) => {
          expect(state.phase).toBe('orders');
          expect(minionAt(state, 'B1').hp).toBe(9);
        })
        .when(confirm('blue'))
        .thenConsecutive(
          event('OrdersConfirmed', { player: 'blue' }, { rule: 'T2' }),
          event('SpellExecutionPhaseStarted', { orderIds: [order(1)] }),
        )
        .andState((state) => expect(minionAt(state, 'B1').hp).toBe(6));
    });

    it('T2: a player who has confirmed can give no more orders (kind phase)', () => {
      const confirmed = () =>
        given(board().hand('red', 'bolt'), targetSpell('red', 'bolt', { minion: 'B1' }), confirm('red'));
      const refusal = { kind: 'phase', rule: 'T2' } as const;
      confirmed()
        .when(targetSpell('red', 'bolt', { minion: 'B2' }))
        .thenRejected(refusal);
      confirmed()
        .when(orderAttack('red', 'R1', 'B1'))
        .thenRejected(refusal);
      confirmed().when(discardSpell('red', 'bolt')).thenRejected(refusal);
      confirmed()
        .when(cancelOrder('red', order(1)))
        .thenRejected(refusal);
      confirmed().when(confirm('red')).thenRejected(refusal);
      // The other player still can.
      confirmed()
        .when(orderAttack('blue', 'B1', 'R1'))
        .then(event('AttackOrdered', { player: 'blue' }));
    });

    it('T2: once the turn has executed, orders wait for the next orders phase (kind phase)', () => {
      given(board(), turn())
        .when(orderAttack('red', 'R1', 'B1'))
        .thenRejected({ kind: 'phase', rule: 'T2' });
    });

    it('T2: orders are secret until execution: the other player’s order is not found', () => {
      given(board().hand('red', 'bolt'), targetSpell('red', 'bolt', { minion: 'B1' }))
        .when(cancelOrder('blue', order(1)))
        .thenRejected({ kind: 'not-found', rule: 'T2', field: 'orderId' });
    });
  });

  describe('T3 combat', () => {
    it('T3: attacks run in the combat initiative sequence (B2), each player’s in the order given', () => {
      const outcome = given(board().initiative('blue'))
        .when(turn({ red: [attack('R2', 'B2'), attack('R1', 'B1')], blue: [attack('B1', 'R1'), attack('B2', 'R2')] }))
        .then(
          event('CombatPhaseStarted', { orderIds: [order(3), order(4), order(1), order(2)] }, { rule: 'T3' }),
          event(
            'AttackExecuting',
            { orderId: order(3), player: 'blue', attackerId: 'B1', victimId: 'R1' },
            { rule: 'T3' },
          ),
          event('AttackExecuting', { orderId: order(4), attackerId: 'B2' }),
          event('AttackExecuting', { orderId: order(1), attackerId: 'R2' }),
          event('AttackExecuting', { orderId: order(2), attackerId: 'R1' }),
        );
      expect(outcome.findAll(event('DamageIncoming')).map((e) => `${e.data.attackerId}→${e.data.minionId}`)).toEqual([
        'B1→R1',
        'B2→R2',
        'R2→B2',
        'R1→B1',
      ]);
      expect(Object.values(outcome.state.orders).map((order) => 'outcome' in order && order.outcome)).toEqual([
        'executed',
        'executed',
        'executed',
        'executed',
      ]);
    });

    it('T3: an attack whose attacker died earlier in combat fizzles; so does one whose victim died', () => {
      given(
        game()
          .group('R', 'red', [recruit('R1', { attacks: [{ kind: 'hand', damage: 9 }] }), recruit('R2')])
          .group('B', 'blue', [recruit('B1', { hp: 4 })]),
      )
        .when(turn({ red: [attack('R1', 'B1'), attack('R2', 'B1')], blue: [attack('B1', 'R1')] }))
        .then(
          event('AttackExecuting', { orderId: order(1) }),
          event('MinionDied', { minionId: 'B1', category: 'kills', attackerId: 'R1' }),
          event('AttackExecuting', { orderId: order(2) }),
          event('AttackFizzled', { orderId: order(2), reason: 'victim-gone' }, { rule: 'T3' }),
          event('AttackExecuting', { orderId: order(3), attackerId: 'B1' }),
          event('AttackFizzled', { orderId: order(3), reason: 'attacker-gone' }, { rule: 'T3' }),
        )
        .andCount(event('DamageIncoming'), 1)
        .andState((state, orderId) => {
          expect(state.orders[orderId(2)]).toMatchObject({ outcome: 'fizzled' });
          expect(state.orders[orderId(3)]).toMatchObject({ outcome: 'fizzled' });
          expect(minionAt(state, 'R1').hp).toBe(5);
        });
    });

    it('T3: a fizzled attack names the death that made it fizzle (reasonEventId); causationId stays its execution', () => {
      const outcome = given(
        game()
          .group('R', 'red', [recruit('R1', { attacks: [{ kind: 'hand', damage: 9 }] }), recruit('R2')])
          .group('B', 'blue', [recruit('B1', { hp: 4 })]),
      )
        .when(turn({ red: [attack('R1', 'B1'), attack('R2', 'B1')], blue: [attack('B1', 'R1')] }))
        .run();
      const died = outcome.events.find((e) => e.type === 'MinionDied' && e.data.minionId === 'B1');
      const fizzled = outcome.events.filter((e) => e.type === 'AttackFizzled');
      expect(fizzled.map((e) => e.data)).toEqual([
        { orderId: outcome.orderId(2), reason: 'victim-gone', reasonEventId: died?.metadata.eventId },
        { orderId: outcome.orderId(3), reason: 'attacker-gone', reasonEventId: died?.metadata.eventId },
      ]);
      for (const event of fizzled) {
        const cause = outcome.events.find((e) => e.metadata.eventId === event.metadata.causationId);
        expect(cause?.type).toBe('AttackExecuting');
      }
    });

    it('T3: an attacker killed by a spell in the spell phase makes its attack fizzle', () => {
      given(
        board()
          .hand('red', 'bolt')
          .group('C', 'blue', [recruit('C1', { hp: 3 })]),
      )
        .when(turn({ red: [cast('bolt', { minion: 'C1' })], blue: [attack('C1', 'R1')] }))
        .then(event('MinionDied', { minionId: 'C1' }), event('AttackFizzled', { reason: 'attacker-gone' }))
        .andNot(event('DamageIncoming', { attackerId: 'C1' }));
    });

    it('T3 [A]: attack orders are checked when given: own living attacker, an enemy victim, same square, once a turn', () => {
      const setup = () => board().group('F', 'blue', [recruit('F1')], 'H8');
      given(setup())
        .when(orderAttack('red', 'B1', 'R1'))
        .thenRejected({ kind: 'rule', rule: 'T3', field: 'attacker' });
      given(setup())
        .when(orderAttack('red', 'R1', 'R2'))
        .thenRejected({ kind: 'rule', rule: 'T3', field: 'victim' });
      given(setup())
        .when(orderAttack('red', 'R1', 'F1'))
        .thenRejected({ kind: 'rule', rule: 'T3', field: 'victim' });
      given(setup())
        .when(orderAttack('red', 'R1', 'NOBODY'))
        .thenRejected({ kind: 'not-found', rule: 'T3' });
      given(setup())
        .when(orderAttack('red', 'R1', 'B1', 3))
        .thenRejected({ kind: 'rule', rule: 'B3', field: 'attack' });
      given(setup(), orderAttack('red', 'R1', 'B1'))
        .when(orderAttack('red', 'R1', 'B2'))
        .thenRejected({ kind: 'rule', rule: 'T3', field: 'attacker' });
    });

    it('T3 [A]: the once-a-turn limit counts orders still standing: a cancelled order frees the attacker, a new turn too', () => {
      given(board(), orderAttack('red', 'R1', 'B1'), cancelOrder('red', order(1)))
        .when(orderAttack('red', 'R1', 'B2'))
        .then(event('AttackOrdered', { attackerId: 'R1', victimId: 'B2' }, { rule: 'T3' }));
      given(board(), orderAttack('red', 'R1', 'B1'), orderAttack('red', 'R2', 'B1'), cancelOrder('red', order(2)))
        .when(orderAttack('red', 'R1', 'B2'))
        .thenRejected({ kind: 'rule', rule: 'T3', field: 'attacker' });
      given(board(), orderAttack('red', 'R1', 'B1'), confirm('red'), confirm('blue'), collectGarbage())
        .when(orderAttack('red', 'R1', 'B2'))
        .then(event('AttackOrdered', { attackerId: 'R1', victimId: 'B2' }, { rule: 'T3' }));
    });

    it('T3: a cancelled attack order does not run', () => {
      given(board(), orderAttack('red', 'R1', 'B1'))
        .when(cancelOrder('red', order(1)), confirm('red'), confirm('blue'))
        .then(
          event('AttackCancelled', { orderId: order(1), player: 'red' }, { rule: 'T3' }),
          event('CombatPhaseStarted', { orderIds: [] }),
        )
        .andNot(event('AttackExecuting'));
    });
  });
});
