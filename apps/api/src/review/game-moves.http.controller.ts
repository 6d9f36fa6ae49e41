import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GameMovesService, type Viewer } from '@app/games';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { GameIdPipe } from '../games/game-id.pipe';
import { Access } from '../viewers/access.decorator';
import { CurrentViewer } from '../viewers/current-viewer.decorator';
import { GameMovesQueryDto } from './game-moves.query.dto';
import { GameMovesResponseDto } from './game-moves.response.dto';

/** `GET /games/:id/moves`: the move list, a page of turns at a time, as the caller may see the game. */
@ApiTags('review')
@Controller('games/:id/moves')
export class GameMovesHttpController {
  constructor(private readonly moves: GameMovesService) {}

  @Get()
  @Access('reader', { viewAs: true })
  @ApiOperation({ summary: 'The move list: per turn, one line per order with its outcome, damage and deaths' })
  @ApiOkResponse({ type: GameMovesResponseDto })
  @ApiErrorResponse(400, 'A query parameter is malformed (named).')
  @ApiErrorResponse(404, 'No such game, or no such turn.')
  async list(
    @Param('id', GameIdPipe) gameId: string,
    @Query() { turn, turns }: GameMovesQueryDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<GameMovesResponseDto> {
    return this.moves.page(viewer, gameId, { turn, turns });
  }
}
