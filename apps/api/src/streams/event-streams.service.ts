import {
  BadRequestException,
  Inject,
  Injectable,
  type MessageEvent,
  ServiceUnavailableException,
} from '@nestjs/common';
import { type Observable, catchError, concatMap, filter, from, map, of, takeUntil, throwError } from 'rxjs';
import { EventStore, EventStoreUnavailableError, type RecordedEvent, UnknownPositionError } from '@app/event-store';
import {
  GAME_STREAM_PREFIX,
  RecentEntriesCache,
  type GlobalEventLine,
  type Viewer,
  type ViewedEventLine,
  gameIdOfStream,
  gameStream,
  toEventLine,
  viewedOfTypes,
} from '@app/games';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { RequestDrain } from '../lifecycle/request-drain.service';
import { type Caller, viewerIn } from '../viewers/caller';
import { GameViews, type PositionedRedactor } from '../viewers/game-views.service';
import { withHeartbeat } from './with-heartbeat.operator';

/** How many games' redactors one global stream keeps; a game dropped from it gets a fresh one (same answers). */
const REDACTORS_PER_GLOBAL_STREAM = 1000;

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
    private readonly views: GameViews,
  ) {}

  /** Throws UnknownPositionError if the store cannot resume after `position` (one bounded read). */
  async checkResumable(position: number): Promise<void> {
    await this.store.readAll({ fromPosition: position, maxCount: 1 });
  }

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
   * One game's events as a viewer other than the organiser sees them (the viewer rules of libs/games): the redactor
   * is prepared first (a resume mid-turn reads that turn's earlier orders, to release them with the others), then
   * fed every event of the subscription; `?types=` filters what it shows. Ids stay revisions, so Last-Event-ID
   * resumes as for the organiser.
   */
  async viewedGameEvents(
    viewer: Viewer,
    gameId: string,
    afterRevision: number | undefined,
    types?: string[],
  ): Promise<Observable<MessageEvent>> {
    const first = afterRevision === undefined ? 0 : afterRevision + 1;
    const { redactor, next } = await this.views.redactorAt(viewer, gameId, first);
    const wanted = types === undefined ? undefined : new Set(types);
    const events = this.store.subscribe({
      stream: gameStream(gameId),
      fromRevision: next === 0 ? undefined : next - 1,
    });
    return this.finish(
      events.pipe(
        // Every event goes through the redactor (it must see them all, in order); only those asked for are sent.
        map((event) => {
          const viewed = redactor.view(toEventLine(event));
          return event.revision < first ? null : viewedOfTypes(viewed, wanted);
        }),
        filter((viewed): viewed is ViewedEventLine => viewed !== null),
        map((viewed) => ({ id: String(viewed.revision), data: viewed })),
      ),
    );
  }

  /**
   * Every game's events as a caller other than the organiser sees them: one redactor per game, made when the game's
   * first event arrives (from the state just before it), so each game is redacted exactly as its own stream is.
   */
  viewedAllEvents(
    caller: Caller,
    afterPosition: number | undefined,
    gameId?: string,
    types?: string[],
  ): Observable<MessageEvent> {
    const stream = gameId === undefined ? undefined : gameStream(gameId);
    const wanted = types === undefined ? undefined : new Set(types);
    const redactors = new RecentEntriesCache<string, PositionedRedactor>(REDACTORS_PER_GLOBAL_STREAM);
    const view = (event: RecordedEvent, game: string, positioned: PositionedRedactor): MessageEvent | null => {
      positioned.next = event.revision + 1;
      const viewed = viewedOfTypes(positioned.redactor.view(toEventLine(event)), wanted);
      if (viewed === null) return null;
      const line: GlobalEventLine = { gameId: game, position: event.position, ...viewed, recordedAt: event.recordedAt };
      return { id: String(event.position), data: line };
    };
    // Every event of the games is needed to redact them: the type filter applies to what the viewer sees.
    const events = this.store.subscribe({
      fromPosition: afterPosition,
      filter: { streamPrefix: stream ?? GAME_STREAM_PREFIX },
    });
    return this.finish(
      events.pipe(
        filter((event) => stream === undefined || event.stream === stream),
        concatMap((event) => {
          const game = gameIdOfStream(event.stream) ?? event.stream;
          const known = redactors.get(game);
          if (known !== undefined && known.next === event.revision) return of(view(event, game, known));
          return from(
            this.views.redactorAt(viewerIn(caller, game), game, event.revision).then((positioned) => {
              redactors.remember(game, positioned);
              return view(event, game, positioned);
            }),
          );
        }),
        filter((message): message is MessageEvent => message !== null),
      ),
    );
  }

  /**
   * Heartbeat, end at shutdown, and a store failure (or a position it cannot resume after) as an HTTP error:
   * Nest then sends its message as a final `event: error` (other errors are sent as "Internal server error"), and
   * the client reconnects later.
   */
  private finish(events: Observable<MessageEvent>): Observable<MessageEvent> {
    return events.pipe(
      catchError((error: unknown) =>
        throwError(() => {
          if (error instanceof EventStoreUnavailableError) {
            return new ServiceUnavailableException('the event store is unavailable; reconnect later');
          }
          return error instanceof UnknownPositionError ? new BadRequestException(error.message) : error;
        }),
      ),
      withHeartbeat(this.config.sseHeartbeatMs),
      takeUntil(this.drain.closing$),
    );
  }
}
