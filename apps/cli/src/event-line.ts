import type { DomainEvent } from '@app/rules';

/** One event as `simulate` prints it (and as `GET /games/:id/events` returns it): revision first. */
export function eventLine(event: DomainEvent, revision: number): string {
  return JSON.stringify({ revision, type: event.type, data: event.data, metadata: event.metadata });
}
