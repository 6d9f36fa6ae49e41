import { Inject, Injectable, type MessageEvent, ServiceUnavailableException } from '@nestjs/common';
import { type Observable, catchError, filter, map, takeUntil, throwError } from 'rxjs';
import { EventStore, EventStoreUnavailableError, type RecordedEvent } from '@app/event-store';
import { GAME_STREAM_PREFIX, type GlobalEventLine, gameIdOfStream, gameStream, toEventLine } from '@app/games';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { RequestDrain } from '../lifecycle/request-drain.service';
import { withHeartbeat } from './with-heartbeat.operator';

function globalLine(event: RecordedEvent): GlobalEventLine {
  return {
    gameId: gameIdOfStream(event.stream) ?? event.stream,
    position: event.position,
    ...toEventLine(event),
    recordedAt: event.recordedAt,
  };
}

/**
 * Server-sent events straight from the store's catch-up subscriptions: stored events after the checkpoint,
 * then live ones, each exactly once and in order (the store's guarantee; nothing is buffered or merged here).
 * The SSE `id` is the checkpoint to resume from, so an EventSource that reconnects with `Last-Event-ID` gets
 * every later event once. No `event:` type is set, so browsers deliver to `onmessage`; the type is in the data.
 * Unsubscribing (Nest does so when the client disconnects) stops the subscription; shutdown ends every stream.
 */
@Injectable()
export class EventStreamsService {
  constructor(
    private readonly store: EventStore,
    private readonly drain: RequestDrain,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** One game's events; `afterRevision` is exclusive. */
  gameEvents(gameId: string, afterRevision: number | undefined, types?: string[]): Observable<MessageEvent> {
    const events = this.store.subscribe({
      stream: gameStream(gameId),
      fromRevision: afterRevision,
      filter: types === undefined ? undefined : { eventTypes: types },
    });
    return this.finish(events.pipe(map((event) => ({ id: String(event.revision), data: toEventLine(event) }))));
  }

  /** Every game's events in global order (or one game's, by `gameId`); `afterPosition` is exclusive. */
  allEvents(afterPosition: number | undefined, gameId?: string, types?: string[]): Observable<MessageEvent> {
    const stream = gameId === undefined ? undefined : gameStream(gameId);
    const events = this.store.subscribe({
      fromPosition: afterPosition,
      // The prefix narrows the read in the store; `game-g1` is also a prefix of `game-g10`, hence the exact match.
      filter: { streamPrefix: stream ?? GAME_STREAM_PREFIX, eventTypes: types },
    });
    return this.finish(
      events.pipe(
        filter((event) => stream === undefined || event.stream === stream),
        map((event) => ({ id: String(event.position), data: globalLine(event) })),
      ),
    );
  }

  /**
   * Heartbeat, end at shutdown, and a store failure as an HTTP error: Nest then sends its message as a final
   * `event: error` (other errors are sent as "Internal server error"), and the client reconnects later.
   */
  private finish(events: Observable<MessageEvent>): Observable<MessageEvent> {
    return events.pipe(
      catchError((error: unknown) =>
        throwError(() =>
          error instanceof EventStoreUnavailableError
            ? new ServiceUnavailableException('the event store is unavailable; reconnect later')
            : error,
        ),
      ),
      withHeartbeat(this.config.sseHeartbeatMs),
      takeUntil(this.drain.closing$),
    );
  }
}
