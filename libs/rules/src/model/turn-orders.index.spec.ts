import type { DomainEvent, EventDataMap, EventType, Order } from '..';
import { orderAt } from './entity-accessors';
import { evolve, initialState } from '..';
import { attacksOrderedBy, ordersGiven } from './turn-orders.index';

/** An event as the evolvers read it (they never read the envelope). */
function event<K extends EventType>(type: K, data: EventDataMap[K]): DomainEvent {
  return { type, data, metadata: {} } as unknown as DomainEvent;
}

const attack = (orderId: string, attackerId: string) =>
  event('AttackOrdered', { orderId, player: 'red', attackerId, victimId: 'B1', attack: 0 });
const ids = (orders: readonly { id: string }[]) => orders.map((order) => order.id);

describe('the turn-orders index (T3 attacks per attacker, S5/S7 orders as given)', () => {
  it('T3: counts the attacks ordered per attacker as orders are given, withdrawn and cleared, a count above one included', () => {
    const state = initialState();
    const index = ordersGiven(state);
    for (const ordered of [attack('o1', 'R1'), attack('o2', 'R1'), attack('o3', 'R2')]) evolve(state, ordered);
    expect(ids(ordersGiven(state))).toEqual(['o1', 'o2', 'o3']);
    expect([attacksOrderedBy(state, 'R1'), attacksOrderedBy(state, 'R2'), attacksOrderedBy(state, 'B1')]).toEqual([
      2, 1, 0,
    ]);

    evolve(state, event('AttackCancelled', { orderId: 'o1', player: 'red' }));
    expect(ids(ordersGiven(state))).toEqual(['o2', 'o3']);
    expect(attacksOrderedBy(state, 'R1')).toBe(1);
    evolve(state, event('AttackCancelled', { orderId: 'o2', player: 'red' }));
    expect(attacksOrderedBy(state, 'R1')).toBe(0);

    evolve(state, event('TurnStarted', { turn: 2, initiative: 'blue' }));
    expect(ordersGiven(state)).toEqual([]);
    expect(attacksOrderedBy(state, 'R2')).toBe(0);
    // Kept by the evolvers all along, never made again.
    expect(ordersGiven(state)).toBe(index);
  });

  it('is made from the state when first asked, and made again when the state changed without its evolvers', () => {
    const state = initialState();
    evolve(state, attack('o1', 'R1'));
    expect(ids(ordersGiven(state))).toEqual(['o1']);
    expect(attacksOrderedBy(state, 'R1')).toBe(1);

    const { orders } = state;
    orders.o2 = { ...orderAt(state, 'o1'), id: 'o2', attackerId: 'R2' } as Order;
    state.orderIds.push('o2');
    expect(ids(ordersGiven(state))).toEqual(['o1', 'o2']);
    expect(attacksOrderedBy(state, 'R2')).toBe(1);
  });
});
