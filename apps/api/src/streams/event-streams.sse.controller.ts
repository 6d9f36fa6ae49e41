import { Controller, Headers, type MessageEvent, Param, Query, Sse, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Observable } from 'rxjs';
import type { Viewer } from '@app/games';
import { ErrorResponseDto } from '../errors/error.response.dto';
import { GameEventsReader } from '../events/game-events.reader';
import { GameIdPipe } from '../games/game-id.pipe';
import { AcceptingWorkGuard } from '../lifecycle/accepting-work.guard';
import { Access } from '../viewers/access.decorator';
import type { Caller } from '../viewers/caller';
import { CurrentCaller, CurrentViewer } from '../viewers/current-viewer.decorator';
import { EventStreamsService } from './event-streams.service';
import { GameStreamQueryDto } from './game-stream.query.dto';
import { GlobalStreamQueryDto } from './global-stream.query.dto';
import { LAST_EVENT_ID, checkpointAfter, parseLastEventId } from './last-event-id';

@ApiTags('streams')
@ApiProduces('text/event-stream')
@ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A query parameter or Last-Event-ID is malformed.' })
@UseGuards(AcceptingWorkGuard)
// An EventSource cannot set an Authorization header: these two also take the token as `?token=`.
@Access('reader', { queryToken: true })
@Controller()
export class EventStreamsSseController {
  constructor(
    private readonly streams: EventStreamsService,
    private readonly games: GameEventsReader,
  ) {}

  /** Async so that an unknown game is a 404 before any stream header is sent. */
  @Sse('games/:id/events/stream')
  @ApiOperation({ summary: 'A game’s events as server-sent events: catch-up, then live (`id:` is the revision)' })
  @ApiHeader({ name: LAST_EVENT_ID, required: false, description: 'Resume after this revision.' })
  @ApiOkResponse({
    description:
      '`id: <revision>` and `data: {revision, type, data, metadata, released?}` per event, as `GET /games/:id/events` ' +
      'shows them to this caller (hidden ones as `Redacted`).',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such game.' })
  async gameStream(
    @Param('id', GameIdPipe) gameId: string,
    @Query() query: GameStreamQueryDto,
    @CurrentViewer() viewer: Viewer,
    @Headers(LAST_EVENT_ID) lastEventId?: string,
  ): Promise<Observable<MessageEvent>> {
    const after = checkpointAfter(parseLastEventId(lastEventId), query.from);
    await this.games.lastRevision(gameId);
    if (viewer.role !== 'organiser') return this.streams.viewedGameEvents(viewer, gameId, after, query.types);
    return this.streams.gameEvents(gameId, after, query.types);
  }

  @Sse('events/stream')
  @ApiOperation({ summary: 'Every game’s events as server-sent events, in global order (`id:` is the position)' })
  @ApiHeader({ name: LAST_EVENT_ID, required: false, description: 'Resume after this global position.' })
  @ApiOkResponse({
    description:
      '`id: <position>` and `data: {gameId, position, revision, type, data, metadata, released?, recordedAt}` per ' +
      'event; each game as its own stream shows it to this caller (a player token: that player’s view of its game).',
  })
  allStream(
    @Query() query: GlobalStreamQueryDto,
    @CurrentCaller() caller: Caller,
    @Headers(LAST_EVENT_ID) lastEventId?: string,
  ): Observable<MessageEvent> {
    const after = checkpointAfter(parseLastEventId(lastEventId), query.from);
    if (caller.kind !== 'organiser') return this.streams.viewedAllEvents(caller, after, query.gameId, query.types);
    return this.streams.allEvents(after, query.gameId, query.types);
  }
}
