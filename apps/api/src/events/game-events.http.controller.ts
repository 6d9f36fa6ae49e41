import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../errors/error.response.dto';
import type { Viewer } from '@app/games';
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

  /** The organiser reads the stored lines; anyone else reads them through the viewer rules (see GameViews). */
  @Get()
  @Access('reader')
  @ApiOperation({ summary: 'A game’s events (the lines `sanctum simulate` prints), by revision range and type' })
  @ApiOkResponse({ type: GameEventsResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A query parameter is malformed (named).' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such game.' })
  async list(
    @Param('id', GameIdPipe) gameId: string,
    @Query() query: GameEventsQueryDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<GameEventsResponseDto> {
    return { gameId, events: (await this.views.eventLines(viewer, gameId, query)) as GameEventsResponseDto['events'] };
  }
}
