import { type EventFilter, EventStore, EventStoreUnavailableError, type RecordedEvent } from '@app/event-store';
import { GAME_STREAM_PREFIX } from '@app/games';
import type { Observable } from 'rxjs';
import { AnalyticsSource } from './analytics-source';

/** Only game streams feed the read models (the store may hold other streams). */
const GAME_EVENTS: EventFilter = { streamPrefix: GAME_STREAM_PREFIX };

/** The event store the API writes to, read directly: every event, hidden or not. */
export class StoreAnalyticsSource extends AnalyticsSource {
  constructor(
    private readonly store: EventStore,
    readonly name: string,
  ) {
    super();
  }

  follow(afterPosition: number | undefined): Observable<RecordedEvent> {
    return this.store.subscribe({ fromPosition: afterPosition, filter: GAME_EVENTS });
  }

  async *pages(afterPosition: number | undefined, pageSize: number): AsyncIterable<RecordedEvent[]> {
    // A checkpoint past what the store holds (a failover lost events this file was built from) is refused, not
    // read as "nothing new" (the subscription of `follow` checks the same).
    if (afterPosition !== undefined) await this.store.checkResumable(afterPosition);
    yield* this.store.readAllPages({ fromPosition: afterPosition, pageSize, filter: GAME_EVENTS });
  }

  async headEvents(): Promise<number> {
    let total = 0;
    for (const stream of await this.store.listStreams(GAME_STREAM_PREFIX)) {
      total += ((await this.store.streamRevision(stream)) ?? -1) + 1;
    }
    return total;
  }

  isTransient(error: unknown): boolean {
    return error instanceof EventStoreUnavailableError;
  }
}
