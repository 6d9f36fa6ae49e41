import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Caller, GameReads, type Viewer } from '@app/games';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { GameIdPipe } from '../games/game-id.pipe';
import { Access } from './access.decorator';
import { CurrentCaller, CurrentViewer } from './current-viewer.decorator';
import { GameViewerResponseDto } from './game-viewer.response.dto';
import { VIEWS, viewNameOf } from './view-as';

/** Whose view a token (and `?as=`) gets of a game: the replay page says so, and offers the organiser the others. */
@ApiTags('games')
@Controller('games/:id/viewer')
export class GameViewerHttpController {
  constructor(private readonly reads: GameReads) {}

  @Get()
  @Access('reader', { viewAs: true })
  @ApiOperation({ summary: 'Whose view of the game this request gets, and which views its token may ask for' })
  @ApiOkResponse({ type: GameViewerResponseDto })
  @ApiErrorResponse(404, 'No such game.')
  async viewer(
    @Param('id', GameIdPipe) gameId: string,
    @CurrentViewer() viewer: Viewer,
    @CurrentCaller() caller: Caller,
  ): Promise<GameViewerResponseDto> {
    await this.reads.lastRevision(gameId);
    const view = viewNameOf(viewer);
    return { gameId, view, views: caller.kind === 'organiser' ? [...VIEWS] : [view] };
  }
}
