import { type EventFilter, EventStore, EventStoreUnavailableError, type RecordedEvent } from '@app/event-store';
import {
  type CaughtUp,
  GAME_STREAM_PREFIX,
  catchUpThenLive,
  damageOf,
  damagedEventStandIn,
  gameIdOfStream,
} from '@app/games';
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

  /**
   * The service's own catch-up (GameReads): pages until one comes back short, then the store's subscription; a
   * damaged event as its stand-in.
   */
  follow(afterPosition: number | undefined): Observable<RecordedEvent | CaughtUp> {
    return catchUpThenLive<RecordedEvent>(() => {
      const reads = this.store.catchUpReads();
      return {
        readPage: (after, limit) => reads.readAll({ fromPosition: after, maxCount: limit, filter: GAME_EVENTS }),
        live: (after) => this.store.subscribe({ fromPosition: after, filter: GAME_EVENTS }),
        checkpointOf: (event) => event.position,
        view: checkedOrStandIn,
        floor: afterPosition,
      };
    }, afterPosition);
  }

  async *pages(afterPosition: number | undefined, pageSize: number): AsyncIterable<RecordedEvent[]> {
    // A checkpoint past what the store holds (a failover lost events this file was built from) is refused, not
    // read as "nothing new" (the subscription of `follow` checks the same).
    if (afterPosition !== undefined) await this.store.checkResumable(afterPosition);
    for await (const page of this.store.readAllPages({ fromPosition: afterPosition, pageSize, filter: GAME_EVENTS })) {
      yield page.map(checkedOrStandIn);
    }
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

/**
 * An event through the store boundary, or, for one damaged outside the service, the stand-in the service's own
 * streams show in its place (the read models count it and go on, as a consumer of those streams would).
 */
function checkedOrStandIn(event: RecordedEvent): RecordedEvent {
  const damage = damageOf(event);
  if (damage === null) return event;
  const { type, data, metadata } = damagedEventStandIn(
    event,
    gameIdOfStream(event.stream) ?? event.stream,
    damage,
    true,
  );
  const { damage: _damage, ...position } = event;
  return { ...position, type, data, metadata };
}
