import type { EventStore, RecordedEvent } from '@app/event-store';

/**
 * The stored event at a revision the caller knows its stream holds (at or before the last it read): a store that
 * does not have it has lost an event, which no caller can answer for.
 */
export async function storedEventAt(store: EventStore, stream: string, revision: number): Promise<RecordedEvent> {
  const [event] = await store.readStream(stream, { from: revision, maxCount: 1 });
  if (event === undefined) throw new Error(`${stream} has no event at revision ${revision}, which it had`);
  return event;
}
