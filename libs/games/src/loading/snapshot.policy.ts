import type { DomainEvent } from '@app/rules';

/**
 * When to save a snapshot after an append: whenever the revision crosses a multiple of `every`, and at every turn
 * end, so time travel and restarts never fold more than `every` events or one turn.
 */
export function snapshotDue(previousRevision: number, revision: number, events: DomainEvent[], every: number): boolean {
  if (Math.floor(revision / every) > Math.floor(Math.max(previousRevision, 0) / every)) return true;
  return events.some((event) => event.type === 'TurnEnded');
}
