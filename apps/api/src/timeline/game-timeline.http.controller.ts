import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { GameTimelineService } from '@app/games';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { GameIdPipe } from '../games/game-id.pipe';
import { Access } from '../viewers/access.decorator';
import { VIEWS, VIEW_AS_QUERY } from '../viewers/view-as';
import { GameTimelineResponseDto } from './game-timeline.response.dto';

/**
 * `GET /games/:id/timeline`: where each turn and phase of a game starts and ends, for a replay's timeline without
 * reading every event. Every viewer sees the same (a hidden event keeps its turn and phase), so `?as=` is taken like
 * on the game's other doors — the replay page asks every door for the view it shows — and changes nothing.
 */
@ApiTags('time travel')
@Controller('games/:id/timeline')
export class GameTimelineHttpController {
  constructor(private readonly timelines: GameTimelineService) {}

  @Get()
  @Access('reader', { viewAs: true })
  @ApiOperation({ summary: 'The game’s turns and phases as runs of revisions' })
  @ApiQuery({
    name: VIEW_AS_QUERY,
    required: false,
    enum: VIEWS,
    description: 'The organiser only: the view asked for (the timeline is the same for every view).',
  })
  @ApiOkResponse({ type: GameTimelineResponseDto })
  @ApiErrorResponse(400, 'Malformed game id.')
  @ApiErrorResponse(404, 'No such game.')
  timeline(@Param('id', GameIdPipe) gameId: string): Promise<GameTimelineResponseDto> {
    return this.timelines.timeline(gameId);
  }
}
