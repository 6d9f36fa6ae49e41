import { Controller, Get, Param } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GameTimelineService } from '@app/games';
import { ErrorResponseDto } from '../errors/error.response.dto';
import { GameIdPipe } from '../games/game-id.pipe';
import { Access } from '../viewers/access.decorator';
import { GameTimelineResponseDto } from './game-timeline.response.dto';

/**
 * `GET /games/:id/timeline`: where each turn and phase of a game starts and ends, for a replay's timeline without
 * reading every event. Every viewer sees the same (a hidden event keeps its turn and phase).
 */
@ApiTags('time travel')
@Controller('games/:id/timeline')
export class GameTimelineHttpController {
  constructor(private readonly timelines: GameTimelineService) {}

  @Get()
  @Access('reader')
  @ApiOperation({ summary: 'The game’s turns and phases as runs of revisions' })
  @ApiOkResponse({ type: GameTimelineResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Malformed game id.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such game.' })
  timeline(@Param('id', GameIdPipe) gameId: string): Promise<GameTimelineResponseDto> {
    return this.timelines.timeline(gameId);
  }
}
