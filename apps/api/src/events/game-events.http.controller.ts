import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../errors/error.response.dto';
import type { ViewedEventLine, Viewer } from '@app/games';
import { described } from './described-event-line';
import { GameIdPipe } from '../games/game-id.pipe';
import { Access } from '../viewers/access.decorator';
import { CurrentViewer } from '../viewers/current-viewer.decorator';
import { GameViews } from '../viewers/game-views.service';
import { GameEventsQueryDto } from './game-events.query.dto';
import { GameEventsResponseDto } from './game-events.response.dto';

@ApiTags('events')
@Controller('games/:id/events')
export class GameEventsHttpController {
  constructor(private readonly views: GameViews) {}

  /**
   * The organiser reads the stored lines; anyone else reads them through the viewer rules (see GameViews). With
   * `limit`, one page and the `next` revision to ask from; with `describe=true`, each line with its sentence.
   */
  @Get()
  @Access('reader', { viewAs: true })
  @ApiOperation({ summary: 'A game’s events (the lines `sanctum simulate` prints), by revision range and type' })
  @ApiOkResponse({ type: GameEventsResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A query parameter is malformed (named).' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such game.' })
  async list(
    @Param('id', GameIdPipe) gameId: string,
    @Query() query: GameEventsQueryDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<GameEventsResponseDto> {
    const shown = (events: ViewedEventLine[]) =>
      (query.describe === 'true' ? events.map(described) : events) as GameEventsResponseDto['events'];
    if (query.limit === undefined) return { gameId, events: shown(await this.views.eventLines(viewer, gameId, query)) };
    const page = await this.views.eventPage(viewer, gameId, query, query.limit);
    return { gameId, events: shown(page.events), next: page.next };
  }
}
