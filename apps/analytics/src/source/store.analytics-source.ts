import { type EventFilter, EventStore, EventStoreUnavailableError, type RecordedEvent } from '@app/event-store';
import { type CaughtUp, GAME_STREAM_PREFIX, catchUpThenLive } from '@app/games';
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

  /** The service's own catch-up (GameReads): pages until one comes back short, then the store's subscription. */
  follow(afterPosition: number | undefined): Observable<RecordedEvent | CaughtUp> {
    return catchUpThenLive<RecordedEvent>(
      {
        readPage: (after, limit) => this.store.readAll({ fromPosition: after, maxCount: limit, filter: GAME_EVENTS }),
        live: (after) => this.store.subscribe({ fromPosition: after, filter: GAME_EVENTS }),
        checkpointOf: (event) => event.position,
        view: (event) => event,
        floor: afterPosition,
      },
      afterPosition,
    );
  }

  pages(afterPosition: number | undefined, pageSize: number): AsyncIterable<RecordedEvent[]> {
    return this.store.readAllPages({ fromPosition: afterPosition, pageSize, filter: GAME_EVENTS });
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
