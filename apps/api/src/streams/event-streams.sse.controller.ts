import { Controller, Get, Headers, type MessageEvent, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { EMPTY, type Observable } from 'rxjs';
import type { Viewer } from '@app/games';
import { withDescriptions } from '../events/described-event-line';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { GameEventsReader } from '../events/game-events.reader';
import { GameIdPipe } from '../games/game-id.pipe';
import { AcceptingWorkGuard } from '../lifecycle/accepting-work.guard';
import { RequestDrain } from '../lifecycle/request-drain.service';
import { Access } from '../viewers/access.decorator';
import type { Caller } from '../viewers/caller';
import { CurrentCaller, CurrentViewer } from '../viewers/current-viewer.decorator';
import { EventStreamsService } from './event-streams.service';
import { GameStreamQueryDto } from './game-stream.query.dto';
import { GlobalStreamQueryDto } from './global-stream.query.dto';
import { LAST_EVENT_ID, checkpointAfter, parseLastEventId } from './last-event-id';
import { type OpenEvents, writeSse } from './sse-response.writer';

@ApiTags('streams')
@ApiProduces('text/event-stream')
@ApiErrorResponse(400, 'A query parameter or Last-Event-ID is malformed.', {
  message: ['Last-Event-ID must be the id of an event this stream sent'],
})
@UseGuards(AcceptingWorkGuard)
// An EventSource cannot set an Authorization header: these two also take the token as `?token=`.
@Controller()
export class EventStreamsSseController {
  constructor(
    private readonly streams: EventStreamsService,
    private readonly games: GameEventsReader,
    private readonly drain: RequestDrain,
  ) {}

  /**
   * Written by writeSse rather than Nest's @Sse: batched, and paced by the client by re-opening the stream after
   * the last event written (so `open` is called again on resume; after shutdown began it ends the stream).
   */
  private stream(request: Request, response: Response, open: OpenEvents, after: number | undefined): Promise<void> {
    return writeSse(request, response, (from) => (this.drain.isDraining ? EMPTY : open(from)), after);
  }

  /** Async so that an unknown game is a 404 before any stream header is sent. */
  @Get('games/:id/events/stream')
  @Access('reader', { queryToken: true, viewAs: true })
  @ApiOperation({ summary: 'A game’s events as server-sent events: catch-up, then live (`id:` is the revision)' })
  @ApiHeader({ name: LAST_EVENT_ID, required: false, description: 'Resume after this revision.' })
  @ApiOkResponse({
    description:
      '`id: <revision>` and `data: {revision, type, data, metadata, released?}` per event, as `GET /games/:id/events` ' +
      'shows them to this caller (hidden ones as `Redacted`).',
  })
  @ApiErrorResponse(404, 'No such game.')
  async gameStream(
    @Param('id', GameIdPipe) gameId: string,
    @Query() query: GameStreamQueryDto,
    @CurrentViewer() viewer: Viewer,
    @Req() request: Request,
    @Res() response: Response,
    @Headers(LAST_EVENT_ID) lastEventId?: string,
  ): Promise<void> {
    const after = checkpointAfter(parseLastEventId(lastEventId), query.from);
    await this.games.lastRevision(gameId);
    const words = query.describe === 'true' ? withDescriptions : (events: Observable<MessageEvent>) => events;
    if (viewer.role !== 'organiser') {
      const open = async (from: number | undefined) =>
        words(await this.streams.viewedGameEvents(viewer, gameId, from, query.types));
      return this.stream(request, response, open, after);
    }
    return this.stream(request, response, (from) => words(this.streams.gameEvents(gameId, from, query.types)), after);
  }

  @Get('events/stream')
  @Access('reader', { queryToken: true })
  @ApiOperation({ summary: 'Every game’s events as server-sent events, in global order (`id:` is the position)' })
  @ApiHeader({ name: LAST_EVENT_ID, required: false, description: 'Resume after this global position.' })
  @ApiOkResponse({
    description:
      '`id: <position>` and `data: {gameId, position, revision, type, data, metadata, released?, recordedAt}` per ' +
      'event; each game as its own stream shows it to this caller (a player token: that player’s view of its game).',
  })
  async allStream(
    @Query() query: GlobalStreamQueryDto,
    @CurrentCaller() caller: Caller,
    @Req() request: Request,
    @Res() response: Response,
    @Headers(LAST_EVENT_ID) lastEventId?: string,
  ): Promise<void> {
    const after = checkpointAfter(parseLastEventId(lastEventId), query.from);
    // A position the store cannot resume after (EventStoreDB's are offsets in its log) is a 400, not a stream.
    if (after !== undefined) await this.streams.checkResumable(after);
    const open: OpenEvents =
      caller.kind === 'organiser'
        ? (from) => this.streams.allEvents(from, query.gameId, query.types)
        : (from) => this.streams.viewedAllEvents(caller, from, query.gameId, query.types);
    return this.stream(request, response, open, after);
  }
}
