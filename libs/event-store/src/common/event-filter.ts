import type { EventFilter, RecordedEvent } from '../event-store.types';

/** The in-process definition of EventFilter; SQL and ESDB filters must agree with it (the contract suite checks). */
export function matchesFilter(event: Pick<RecordedEvent, 'stream' | 'type'>, filter: EventFilter | undefined): boolean {
  if (!filter) return true;
  if (filter.streamPrefix !== undefined && !event.stream.startsWith(filter.streamPrefix)) return false;
  if (filter.eventTypes !== undefined && !filter.eventTypes.includes(event.type)) return false;
  return true;
}
