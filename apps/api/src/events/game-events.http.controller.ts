import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../errors/error.response.dto';
import { GameIdPipe } from '../games/game-id.pipe';
import { GameEventsQueryDto } from './game-events.query.dto';
import { GameEventsReader } from './game-events.reader';
import { GameEventsResponseDto } from './game-events.response.dto';

@ApiTags('events')
@Controller('games/:id/events')
export class GameEventsHttpController {
  constructor(private readonly events: GameEventsReader) {}

  @Get()
  @ApiOperation({ summary: 'A game’s events (the lines `sanctum simulate` prints), by revision range and type' })
  @ApiOkResponse({ type: GameEventsResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A query parameter is malformed (named).' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such game.' })
  async list(
    @Param('id', GameIdPipe) gameId: string,
    @Query() query: GameEventsQueryDto,
  ): Promise<GameEventsResponseDto> {
    return { gameId, events: (await this.events.read(gameId, query)) as GameEventsResponseDto['events'] };
  }
}
