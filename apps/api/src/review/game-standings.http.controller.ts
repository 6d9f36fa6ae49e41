import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GameStandingsService, type Viewer } from '@app/games';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { GameIdPipe } from '../games/game-id.pipe';
import { Access } from '../viewers/access.decorator';
import { CurrentViewer } from '../viewers/current-viewer.decorator';
import { GameStandingsResponseDto } from './game-standings.response.dto';
import { ViewAsQueryDto } from './view-as.query.dto';

/** `GET /games/:id/standings`: who is ahead, turn by turn, from the states the caller may see. */
@ApiTags('review')
@Controller('games/:id/standings')
export class GameStandingsHttpController {
  constructor(private readonly standings: GameStandingsService) {}

  @Get()
  @Access('reader', { viewAs: true })
  @ApiOperation({ summary: 'Who is ahead: minions, total HP and mana per side at the end of every turn' })
  @ApiOkResponse({ type: GameStandingsResponseDto })
  @ApiErrorResponse(400, 'Malformed game id or query.')
  @ApiErrorResponse(404, 'No such game.')
  async get(
    @Param('id', GameIdPipe) gameId: string,
    @Query() _view: ViewAsQueryDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<GameStandingsResponseDto> {
    return this.standings.standings(viewer, gameId);
  }
}
