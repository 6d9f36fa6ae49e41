import { Inject, Injectable, type MessageEvent } from '@nestjs/common';
import { type Observable, catchError, map, takeUntil, throwError } from 'rxjs';
import { type Caller, GameReads, type Viewer } from '@app/games';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { streamErrorAsHttp } from '../errors/stream-errors';
import { storeErrorKind } from '../errors/store-error-kind';
import { RequestDrain } from '../lifecycle/request-drain.service';
import { withHeartbeat } from './with-heartbeat.operator';
import { observeDelivery } from '../metrics/stream-delivery.observer';
import { ServiceMetrics, type StreamKind } from '../metrics/service-metrics';

/**
 * Server-sent events from the subscriptions of GameReads (each event once and in order, as the viewer sees it;
 * nothing is buffered or merged here). The SSE `id` is the checkpoint to resume from, so an EventSource that
 * reconnects with `Last-Event-ID` gets every later event once. No `event:` type is set, so browsers deliver to
 * `onmessage`; the type is in the data. Unsubscribing (when the client disconnects) stops the subscription;
 * shutdown ends every stream.
 */
@Injectable()
export class EventStreamsService {
  constructor(
    private readonly reads: GameReads,
    private readonly drain: RequestDrain,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly metrics: ServiceMetrics,
  ) {}

  /** One game's events as this viewer sees them; `afterRevision` is exclusive, and ids are revisions. */
  async gameEvents(
    viewer: Viewer,
    gameId: string,
    afterRevision: number | undefined,
    types?: string[],
  ): Promise<Observable<MessageEvent>> {
    const events = await this.reads.subscribe(viewer, gameId, afterRevision, types);
    return this.finish(events.pipe(map((line) => ({ id: String(line.revision), data: line }))), 'game', gameId);
  }

  /** Every game's events (or one game's) in global order, each game as this caller sees it; ids are positions. */
  allEvents(
    caller: Caller,
    afterPosition: number | undefined,
    gameId?: string,
    types?: string[],
  ): Observable<MessageEvent> {
    const events = this.reads.subscribeGlobal(caller, afterPosition, gameId, types);
    return this.finish(events.pipe(map((line) => ({ id: String(line.position), data: line }))), 'global');
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
