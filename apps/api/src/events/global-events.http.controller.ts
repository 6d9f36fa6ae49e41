import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type Caller, GameReads } from '@app/games';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { Access } from '../viewers/access.decorator';
import { CurrentCaller } from '../viewers/current-viewer.decorator';
import { EXPORT_PAGE_DEFAULT, GlobalEventsQueryDto } from './global-events.query.dto';
import { GlobalEventsResponseDto } from './global-events.response.dto';

/**
 * `GET /events`: bulk export over HTTP for analysts, every game's events in global order a page at a time (the same
 * lines and views as `GET /events/stream`, without holding a stream open), as JSON or JSON lines.
 */
@ApiTags('streams')
@Controller('events')
export class GlobalEventsHttpController {
  constructor(private readonly reads: GameReads) {}

  @Get()
  @Access('reader')
  @ApiOperation({ summary: 'Every game’s events in global order, a page at a time (`after` = the last position read)' })
  @ApiProduces('application/json', 'application/x-ndjson')
  @ApiOkResponse({ type: GlobalEventsResponseDto })
  @ApiErrorResponse(400, 'A query parameter is malformed (named).')
  @ApiErrorResponse(409, '`after` is past the end of the log (events lost in a failover).')
  async list(
    @Query() query: GlobalEventsQueryDto,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) response: Response,
  ): Promise<GlobalEventsResponseDto | string> {
    // `after` past what the store holds (events a failover lost, even once new ones took their positions): a 409,
    // not a page that skips them.
    if (query.after !== undefined) await this.reads.checkResumable(query.after);
    const page = await this.reads.globalEvents(caller, { ...query, limit: query.limit ?? EXPORT_PAGE_DEFAULT });
    if (query.format !== 'ndjson') return page as GlobalEventsResponseDto;
    response.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    // Where to resume, for a client that only reads the lines.
    if (page.lastPosition !== null) response.setHeader('X-Last-Position', String(page.lastPosition));
    response.setHeader('X-More', String(page.more));
    return page.events.map((event) => `${JSON.stringify(event)}\n`).join('');
  }
}
