import type { GameState, Order } from './game-state';
import { removeOne } from './remove-one';

/**
 * This turn's orders as objects in the order given, and how many attacks each minion has been ordered: what the
 * order checks (S5 one copy per target, T3 one attack per minion) and the phases (S7, T3) read, without a record
 * look-up per order id or a scan of every order for one attacker.
 *
 * An index beside the state, not part of it (like the play-order index): never serialised, made from `orderIds`
 * when first asked for, and from then on kept by the evolvers that give, withdraw and clear orders. A copied or
 * loaded state gets its own when first asked; a list whose length no longer matches `orderIds` is made again.
 */
interface TurnOrders {
  readonly given: Order[];
  readonly attacksBy: Map<string, number>;
}

const INDEX = new WeakMap<GameState, TurnOrders>();

function turnOrders(state: GameState): TurnOrders {
  const kept = INDEX.get(state);
  if (kept !== undefined && kept.given.length === state.orderIds.length) return kept;
  const made: TurnOrders = { given: [], attacksBy: new Map() };
  for (const id of state.orderIds) add(made, state.orders[id]);
  INDEX.set(state, made);
  return made;
}

function add(index: TurnOrders, order: Order): void {
  index.given.push(order);
  if (order.kind === 'attack') index.attacksBy.set(order.attackerId, (index.attacksBy.get(order.attackerId) ?? 0) + 1);
}

/** This turn's orders, in the order given. */
export function ordersGiven(state: GameState): readonly Order[] {
  return turnOrders(state).given;
}

/** T3: how many of this turn's attack orders name this minion as the attacker. */
export function attacksOrderedBy(state: GameState, minionId: string): number {
  return turnOrders(state).attacksBy.get(minionId) ?? 0;
}

export function noteOrderGiven(state: GameState, order: Order): void {
  const kept = INDEX.get(state);
  if (kept !== undefined) add(kept, order);
}

export function noteOrderWithdrawn(state: GameState, order: Order): void {
  const kept = INDEX.get(state);
  if (kept === undefined) return;
  removeOne(kept.given, order);
  if (order.kind !== 'attack') return;
  const left = (kept.attacksBy.get(order.attackerId) ?? 0) - 1;
  if (left > 0) kept.attacksBy.set(order.attackerId, left);
  else kept.attacksBy.delete(order.attackerId);
}

/** A new turn: the last turn's orders are gone. */
export function noteOrdersCleared(state: GameState): void {
  const kept = INDEX.get(state);
  if (kept === undefined) return;
  kept.given.length = 0;
  kept.attacksBy.clear();
}
