import type { GameState, Order } from './game-state';
import { removeOne } from './remove-one';
import { StateIndex } from './state-index';
import { orderAt } from './entity-accessors';

/**
 * This turn's orders as objects in the order given, and how many attacks each minion has been ordered: what the
 * order checks (S5 one copy per target, T3 one attack per minion) and the phases (S7, T3) read, without a record
 * look-up per order id or a scan of every order for one attacker. Kept by the evolvers that give, withdraw and clear
 * orders (see StateIndex).
 */
interface TurnOrders {
  readonly given: Order[];
  readonly attacksBy: Map<string, number>;
}

const TURN_ORDERS = new StateIndex<TurnOrders>(
  (state) => {
    const made: TurnOrders = { given: [], attacksBy: new Map() };
    for (const id of state.orderIds) add(made, orderAt(state, id));
    return made;
  },
  (index, state) => sameEnds(index.given, state.orderIds),
);

/** Same length, and the same orders first and last: a list kept or changed outside the evolvers is found out. */
function sameEnds(given: readonly Order[], ids: readonly string[]): boolean {
  const last = ids.length - 1;
  return given.length === ids.length && (last < 0 || (given[0]?.id === ids[0] && given[last]?.id === ids[last]));
}

function add(index: TurnOrders, order: Order): void {
  index.given.push(order);
  if (order.kind === 'attack') index.attacksBy.set(order.attackerId, (index.attacksBy.get(order.attackerId) ?? 0) + 1);
}

/** This turn's orders, in the order given. */
export function ordersGiven(state: GameState): readonly Order[] {
  return TURN_ORDERS.of(state).given;
}

/** This turn's orders of one kind, in the order given (a phase then splits this short list by player). */
export function ordersOfKind<K extends Order['kind']>(state: GameState, kind: K): Extract<Order, { kind: K }>[] {
  const found: Extract<Order, { kind: K }>[] = [];
  for (const order of ordersGiven(state)) if (order.kind === kind) found.push(order as Extract<Order, { kind: K }>);
  return found;
}

/** T3: how many of this turn's attack orders name this minion as the attacker. */
export function attacksOrderedBy(state: GameState, minionId: string): number {
  return TURN_ORDERS.of(state).attacksBy.get(minionId) ?? 0;
}

/** T3 [A]: how many attack orders a player has given this turn. */
export function attackOrdersOf(state: GameState, player: Order['player']): number {
  let count = 0;
  for (const order of ordersGiven(state)) if (order.kind === 'attack' && order.player === player) count += 1;
  return count;
}

export function noteOrderGiven(state: GameState, order: Order): void {
  const kept = TURN_ORDERS.kept(state);
  if (kept !== undefined) add(kept, order);
}

export function noteOrderWithdrawn(state: GameState, order: Order): void {
  const kept = TURN_ORDERS.kept(state);
  if (kept === undefined) return;
  removeOne(kept.given, order);
  if (order.kind !== 'attack') return;
  const left = (kept.attacksBy.get(order.attackerId) ?? 0) - 1;
  if (left > 0) kept.attacksBy.set(order.attackerId, left);
  else kept.attacksBy.delete(order.attackerId);
}

/** A new turn: the last turn's orders are gone. */
export function noteOrdersCleared(state: GameState): void {
  const kept = TURN_ORDERS.kept(state);
  if (kept === undefined) return;
  kept.given.length = 0;
  kept.attacksBy.clear();
}
