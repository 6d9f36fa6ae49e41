import type { DomainEvent } from '@app/rules';

/**
 * When to save a snapshot after an append: whenever the revision crosses a multiple of `every`, and at a turn end
 * once a quarter of `every` events or more were recorded since the latest snapshot (or where that is not known).
 * So time travel and restarts never fold more than `every` events, and mostly about a turn; yet a game of short
 * turns (a few dozen events each, as played over HTTP) does not store a copy of its whole board every turn: that
 * cost more than the rest of its commands together, and made the snapshots many times the size of the events.
 */
export function snapshotDue(
  previousRevision: number,
  revision: number,
  events: DomainEvent[],
  every: number,
  lastSnapshot?: number,
): boolean {
  if (Math.floor(revision / every) > Math.floor(Math.max(previousRevision, 0) / every)) return true;
  if (!events.some((event) => event.type === 'TurnEnded')) return false;
  return lastSnapshot === undefined || revision - lastSnapshot >= Math.ceil(every / 4);
}
