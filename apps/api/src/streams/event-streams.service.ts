import { Inject, Injectable, type MessageEvent } from '@nestjs/common';
import { type Observable, catchError, map, takeUntil, throwError } from 'rxjs';
import { type Caller, type CaughtUp, GameReads, type ViewedEventLine, type Viewer, isCaughtUp } from '@app/games';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { streamErrorAsHttp } from '../errors/stream-errors';
import { storeErrorKind } from '../errors/store-error-kind';
import { described } from '../events/described-event-line';
import { RequestDrain } from '../lifecycle/request-drain.service';
import { CAUGHT_UP } from './sse-response.writer';
import { withHeartbeat } from './with-heartbeat.operator';
import { observeDelivery } from '../metrics/stream-delivery.observer';
import { ServiceMetrics, type StreamKind } from '../metrics/service-metrics';

/**
 * `event: caught-up` once the stored events are all sent, before any live one, with the checkpoint reached as its
 * `id` (resuming after it misses nothing) and in its data (`{revision}` on a game's stream, `{position}` on the
 * global one; null when there was nothing to read).
 */
function caughtUpMessage(caughtUp: CaughtUp, key: 'revision' | 'position'): MessageEvent {
  const reached = caughtUp.caughtUp;
  return { type: CAUGHT_UP, ...(reached === null ? {} : { id: String(reached) }), data: { [key]: reached } };
}

/**
 * Server-sent events from the subscriptions of GameReads (each event once and in order, as the viewer sees it;
 * nothing is buffered or merged here). The SSE `id` is the checkpoint to resume from, so an EventSource that
 * reconnects with `Last-Event-ID` gets every later event once. Events have no `event:` type, so browsers deliver
 * them to `onmessage` (the type is in the data); the one `caught-up` has its own. Unsubscribing (when the client
 * disconnects) stops the subscription; shutdown ends every stream.
 */
@Injectable()
export class EventStreamsService {
  constructor(
    private readonly reads: GameReads,
    private readonly drain: RequestDrain,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly metrics: ServiceMetrics,
  ) {}

  /**
   * One game's events as this viewer sees them; `afterRevision` is exclusive, and ids are revisions. With
   * `describe`, each event with its sentence (`sanctum replay`'s).
   */
  async gameEvents(
    viewer: Viewer,
    gameId: string,
    afterRevision: number | undefined,
    types?: string[],
    describe = false,
  ): Promise<Observable<MessageEvent>> {
    const words = describe ? described : (line: ViewedEventLine) => line;
    const events = await this.reads.subscribe(viewer, gameId, afterRevision, types);
    return this.finish(
      events.pipe(
        map((line) =>
          isCaughtUp(line) ? caughtUpMessage(line, 'revision') : { id: String(line.revision), data: words(line) },
        ),
      ),
      'game',
      gameId,
    );
  }

  /** Every game's events (or one game's) in global order, each game as this caller sees it; ids are positions. */
  allEvents(
    caller: Caller,
    afterPosition: number | undefined,
    gameId?: string,
    types?: string[],
  ): Observable<MessageEvent> {
    const events = this.reads.subscribeGlobal(caller, afterPosition, gameId, types);
    return this.finish(
      events.pipe(
        map((line) =>
          isCaughtUp(line) ? caughtUpMessage(line, 'position') : { id: String(line.position), data: line },
        ),
      ),
      'global',
    );
  }

  /** Heartbeat, end at shutdown, and a store failure as an HTTP error (streamErrorAsHttp). */
  private finish(events: Observable<MessageEvent>, kind: StreamKind, gameId?: string): Observable<MessageEvent> {
    return events.pipe(
      observeDelivery(this.config.metrics ? this.metrics : undefined, kind, gameId),
      catchError((error: unknown) => {
        const storeKind = storeErrorKind(error);
        if (storeKind !== undefined && this.config.metrics) this.metrics.storeError(storeKind);
        return throwError(() => streamErrorAsHttp(error));
      }),
      withHeartbeat(this.config.sseHeartbeatMs),
      takeUntil(this.drain.closing$),
    );
  }
}
