import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MinionStoryService, type Viewer } from '@app/games';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { GameIdPipe } from '../games/game-id.pipe';
import { Access } from '../viewers/access.decorator';
import { CurrentViewer } from '../viewers/current-viewer.decorator';
import { MinionStoryQueryDto } from './minion-story.query.dto';
import { MinionStoryResponseDto } from './minion-story.response.dto';

/**
 * `GET /games/:id/why?minion=ID`: a minion's story (created, hit, healed, spells on it, death) and why it died, in
 * the sentences the replay page shows, from the game as the caller may see it.
 */
@ApiTags('review')
@Controller('games/:id/why')
export class MinionStoryHttpController {
  constructor(private readonly stories: MinionStoryService) {}

  @Get()
  @Access('reader', { viewAs: true })
  @ApiOperation({ summary: 'A minion’s story and why it died, in sentences' })
  @ApiOkResponse({ type: MinionStoryResponseDto })
  @ApiErrorResponse(400, 'A query parameter is malformed or missing (named).')
  @ApiErrorResponse(404, 'No such game, or no such minion in it.')
  async story(
    @Param('id', GameIdPipe) gameId: string,
    @Query() { minion, from, limit }: MinionStoryQueryDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<MinionStoryResponseDto> {
    return this.stories.story(viewer, gameId, minion, { from, limit });
  }
}
