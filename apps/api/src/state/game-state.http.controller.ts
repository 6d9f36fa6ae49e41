import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GameReads, type Viewer } from '@app/games';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { GameIdPipe } from '../games/game-id.pipe';
import { Access } from '../viewers/access.decorator';
import { CurrentViewer } from '../viewers/current-viewer.decorator';
import { GameStateQueryDto } from './game-state.query.dto';
import { GameStateResponseDto } from './game-state.response.dto';

@ApiTags('time travel')
@Controller('games/:id/state')
export class GameStateHttpController {
  constructor(private readonly reads: GameReads) {}

  @Get()
  @Access('reader', { viewAs: true })
  @ApiOperation({
    summary: 'The state now, at a revision, or at the start or end of a turn (and phase), as the caller may see it',
  })
  @ApiOkResponse({ type: GameStateResponseDto })
  @ApiErrorResponse(400, 'A query parameter is malformed (named).')
  @ApiErrorResponse(404, 'No such game, or it has not reached that point.')
  async state(
    @Param('id', GameIdPipe) gameId: string,
    @Query() query: GameStateQueryDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<GameStateResponseDto> {
    return { gameId, ...(await this.reads.state(viewer, gameId, query)) };
  }
}
