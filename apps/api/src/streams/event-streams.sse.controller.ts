import { Controller, Get, Headers, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { EMPTY } from 'rxjs';
import { type Caller, GameReads, type Viewer } from '@app/games';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { GameIdPipe } from '../games/game-id.pipe';
import { AcceptingWorkGuard } from '../lifecycle/accepting-work.guard';
import { RequestDrain } from '../lifecycle/request-drain.service';
import { Access } from '../viewers/access.decorator';
import { CurrentCaller, CurrentViewer } from '../viewers/current-viewer.decorator';
import { EventStreamsService } from './event-streams.service';
import { GameStreamQueryDto } from './game-stream.query.dto';
import { GlobalStreamQueryDto } from './global-stream.query.dto';
import { LAST_EVENT_ID, checkpointAfter, parseLastEventId } from './last-event-id';
import { type OpenEvents, writeSse } from './sse-response.writer';
import { StreamBudget } from './stream-budget';

@ApiTags('streams')
@ApiProduces('text/event-stream')
@ApiErrorResponse(400, 'A query parameter or Last-Event-ID is malformed.', {
  message: ['Last-Event-ID must be the id of an event this stream sent'],
})
@ApiErrorResponse(503, 'Too many streams open, or their clients too far behind; or shutting down.', {
  message: '1000 event streams are open (SSE_MAX_CLIENTS); try again in 5 s',
})
@UseGuards(AcceptingWorkGuard)
// An EventSource cannot set an Authorization header: these two also take the token as `?token=`.
@Controller()
export class EventStreamsSseController {
  constructor(
    private readonly streams: EventStreamsService,
    private readonly reads: GameReads,
    private readonly drain: RequestDrain,
    private readonly budget: StreamBudget,
  ) {}

  /**
   * Written by writeSse rather than Nest's @Sse: batched, and paced by the client by re-opening the stream after
   * the last event written (so `open` is called again on resume; after shutdown began it ends the stream).
   */
  private stream(request: Request, response: Response, open: OpenEvents, after: number | undefined): Promise<void> {
    return writeSse(request, response, (from) => (this.drain.isDraining ? EMPTY : open(from)), after, this.budget);
  }

  /** Async so that an unknown game is a 404 before any stream header is sent. */
  @Get('games/:id/events/stream')
  @Access('reader', { queryToken: true, viewAs: true })
  @ApiOperation({ summary: 'A game’s events as server-sent events: catch-up, then live (`id:` is the revision)' })
  @ApiHeader({ name: LAST_EVENT_ID, required: false, description: 'Resume after this revision.' })
  @ApiOkResponse({
    description:
      '`id: <revision>` and `data: {revision, type, data, metadata, released?}` per event, as `GET /games/:id/events` ' +
      'shows them to this caller (hidden ones as `Redacted`); once the stored events are sent, one ' +
      '`event: caught-up` with `id:` and `data: {revision}` the revision reached, then live events.',
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
    await this.reads.lastRevision(gameId);
    const describe = query.describe === 'true';
    const open: OpenEvents = (from) => this.streams.gameEvents(viewer, gameId, from, query.types, describe);
    return this.stream(request, response, open, after);
  }

  @Get('events/stream')
  @Access('reader', { queryToken: true })
  @ApiOperation({ summary: 'Every game’s events as server-sent events, in global order (`id:` is the position)' })
  @ApiHeader({ name: LAST_EVENT_ID, required: false, description: 'Resume after this global position.' })
  @ApiOkResponse({
    description:
      '`id: <position>` and `data: {gameId, position, revision, type, data, metadata, released?, recordedAt}` per ' +
      'event; each game as its own stream shows it to this caller (a player token: that player’s view of its game); ' +
      'once the stored events are sent, one `event: caught-up` with `id:` and `data: {position}` the position ' +
      'reached, then live events.',
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
    if (after !== undefined) await this.reads.checkResumable(after);
    const open: OpenEvents = (from) => this.streams.allEvents(caller, from, query.gameId, query.types);
    return this.stream(request, response, open, after);
  }
}
