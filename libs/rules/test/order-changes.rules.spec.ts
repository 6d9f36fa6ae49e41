import { RULES_OPTIONS } from '../src';
import type { GameState } from '../src';
import {
  cancelOrder,
  collectGarbage,
  confirm,
  event,
  game,
  given,
  orderAttack,
  recruit,
  type Step,
} from '../src/testing';

const LIMIT = RULES_OPTIONS.orderChangesPerTurn;

const board = () =>
  game()
    .group('R', 'red', [recruit('R1', { hp: 1000 })])
    .group('B', 'blue', [recruit('B1', { hp: 1000 })]);

/** The id of the last order `player` gave that still stands. */
function lastOrderOf(state: GameState, player: 'red' | 'blue'): string {
  const id = [...state.orderIds].reverse().find((orderId) => state.orders[orderId]?.player === player);
  if (id === undefined) throw new Error(`${player} has no order standing`);
  return id;
}

/** `player` orders an attack and cancels it, `times` times: 2 × `times` changes of orders. */
function churn(player: 'red' | 'blue', attacker: string, victim: string, times: number): Step[] {
  return Array.from({ length: times }, () => [
    orderAttack(player, attacker, victim),
    (state: GameState) => cancelOrder(player, lastOrderOf(state, player)),
  ]);
}

/**
 * Issue #24, item 3: one player ordering and cancelling in a loop appended 18,822 events in a minute, and every read
 * of the game grew with them. Orders given and cancelled count together, per player and turn.
 */
describe('T2 [A]: a player gives and cancels at most RULES_OPTIONS.orderChangesPerTurn orders a turn', () => {
  it('refuses the order past the bound, naming the assumption; the game is left as it was', () => {
    given(board(), ...churn('red', 'R1', 'B1', LIMIT / 2))
      .when(orderAttack('red', 'R1', 'B1'))
      .thenRejected({ kind: 'rule', rule: 'T2', reason: `${LIMIT} orders this turn` });
    expect(LIMIT).toBeGreaterThan(64 + 5 + 1);
  });

  it('counts a cancellation as a change too: the last change allowed may be one, and none comes after it', () => {
    const past = [...churn('red', 'R1', 'B1', LIMIT / 2 - 1), orderAttack('red', 'R1', 'B1')];
    // LIMIT − 1 changes so far: the cancellation is the last one allowed, and nothing after it.
    given(board(), ...past)
      .when((state: GameState) => cancelOrder('red', lastOrderOf(state, 'red')))
      .then(event('AttackCancelled'));
    given(board(), ...past, (state: GameState) => cancelOrder('red', lastOrderOf(state, 'red')))
      .when(orderAttack('red', 'R1', 'B1'))
      .thenRejected({ kind: 'rule', rule: 'T2', reason: 'orderChangesPerTurn' });
  });

  it('binds each player alone, and each turn afresh', () => {
    given(board(), ...churn('red', 'R1', 'B1', LIMIT / 2))
      .when(orderAttack('blue', 'B1', 'R1'))
      .then(event('AttackOrdered', { player: 'blue' }));
    given(board(), ...churn('red', 'R1', 'B1', LIMIT / 2), confirm('red'), confirm('blue'), collectGarbage())
      .when(orderAttack('red', 'R1', 'B1'))
      .then(event('AttackOrdered', { player: 'red' }));
  });
});
