import type { DomainEvent } from '../events/domain-event';

/**
 * The nth order given in a game (1-based), as a specification names it: `order(2)`. Order ids come from the revision
 * of the event that records the order, which a test would have to count out; the kit puts the real id in place of
 * this reference in commands before they run, and in expected events before they are matched.
 */
export function order(n: number): string {
  return `«order ${n}»`;
}

const REFERENCE = /^«order (\d+)»$/;
const PLACING = new Set(['SpellTargeted', 'AttackOrdered', 'CardDiscarded']);

/** The ids of the orders a game gave, in the order given. */
function orderIdsOf(events: readonly DomainEvent[]): string[] {
  const ids: string[] = [];
  for (const event of events) {
    if (PLACING.has(event.type)) ids.push((event.data as { orderId: string }).orderId);
  }
  return ids;
}

/** `value` with every `order(n)` reference replaced by the id of the game's nth order (unknown ones stay). */
export function withOrderIds<T>(value: T, events: readonly DomainEvent[]): T {
  let ids: string[] | null = null;
  const resolve = (item: unknown): unknown => {
    if (typeof item === 'string') {
      const found = REFERENCE.exec(item);
      if (found === null) return item;
      ids ??= orderIdsOf(events);
      return ids[Number(found[1]) - 1] ?? item;
    }
    if (Array.isArray(item)) return item.map(resolve);
    if (item !== null && typeof item === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, member] of Object.entries(item)) out[key] = resolve(member);
      return out;
    }
    return item;
  };
  return resolve(value) as T;
}
