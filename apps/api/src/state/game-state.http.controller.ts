import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GameRepository, type LoadedGame, TimeTravelService, type Viewer } from '@app/games';
import { ErrorResponseDto } from '../errors/error.response.dto';
import { GameIdPipe } from '../games/game-id.pipe';
import { Access } from '../viewers/access.decorator';
import { CurrentViewer } from '../viewers/current-viewer.decorator';
import { GameViews } from '../viewers/game-views.service';
import { GameStateQueryDto } from './game-state.query.dto';
import { GameStateResponseDto } from './game-state.response.dto';

@ApiTags('time travel')
@Controller('games/:id/state')
export class GameStateHttpController {
  constructor(
    private readonly games: GameRepository,
    private readonly timeTravel: TimeTravelService,
    private readonly views: GameViews,
  ) {}

  @Get()
  @Access('reader', { viewAs: true })
  @ApiOperation({
    summary: 'The state now, at a revision, or at the start or end of a turn (and phase), as the caller may see it',
  })
  @ApiOkResponse({ type: GameStateResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A query parameter is malformed (named).' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such game, or it has not reached that point.' })
  async state(
    @Param('id', GameIdPipe) gameId: string,
    @Query() query: GameStateQueryDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<GameStateResponseDto> {
    const game = await this.load(gameId, query);
    return { gameId, revision: game.revision, state: this.views.state(game.state, viewer) };
  }

  private load(gameId: string, { at, turn, phase, edge }: GameStateQueryDto): Promise<LoadedGame> {
    if (at !== undefined) return this.timeTravel.stateAt(gameId, at);
    if (turn !== undefined) return this.timeTravel.stateAtTurn(gameId, { turn, phase, edge: edge ?? 'end' });
    return this.games.loadLatest(gameId);
  }
}
