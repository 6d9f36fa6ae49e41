import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GameReads, type ViewedEventLine, type Viewer } from '@app/games';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { described } from './described-event-line';
import { GameIdPipe } from '../games/game-id.pipe';
import { Access } from '../viewers/access.decorator';
import { CurrentViewer } from '../viewers/current-viewer.decorator';
import { GameEventsQueryDto } from './game-events.query.dto';
import { GameEventsResponseDto } from './game-events.response.dto';

@ApiTags('events')
@Controller('games/:id/events')
export class GameEventsHttpController {
  constructor(private readonly reads: GameReads) {}

  /**
   * The lines as this caller sees them (GameReads: the organiser's are the stored ones). With `limit`, one page and
   * the `next` revision to ask from; with `describe=true`, each line with its sentence.
   */
  @Get()
  @Access('reader', { viewAs: true })
  @ApiOperation({ summary: 'A game’s events (the lines `sanctum simulate` prints), by revision range and type' })
  @ApiOkResponse({ type: GameEventsResponseDto })
  @ApiErrorResponse(400, 'A query parameter is malformed (named).')
  @ApiErrorResponse(404, 'No such game.')
  async list(
    @Param('id', GameIdPipe) gameId: string,
    @Query() query: GameEventsQueryDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<GameEventsResponseDto> {
    const shown = (events: ViewedEventLine[]) =>
      (query.describe === 'true' ? events.map(described) : events) as GameEventsResponseDto['events'];
    const page = await this.reads.events(viewer, gameId, query, query.limit);
    if (query.limit === undefined) return { gameId, events: shown(page.events) };
    return { gameId, events: shown(page.events), next: page.next };
  }
}
