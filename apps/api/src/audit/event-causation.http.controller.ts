import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { EventCausationService } from '@app/games';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { GameIdPipe } from '../games/game-id.pipe';
import { Access } from '../viewers/access.decorator';
import { EventCausationResponseDto } from './event-causation.response.dto';
import { RevisionParam } from './revision.param';

/**
 * `GET /games/:id/events/:revision/why`: an event's causes, back to the command (and the orders) behind it. The
 * organiser's: a chain quotes events and orders whole, hidden ones included.
 */
@ApiTags('audit')
@Access('organiser', { purpose: 'explain events' })
@Controller('games/:id/events/:revision/why')
export class EventCausationHttpController {
  constructor(private readonly causation: EventCausationService) {}

  @Get()
  @ApiOperation({
    summary: 'Why an event happened: its causes back to the command, with the orders executed on the way',
  })
  @ApiOkResponse({ type: EventCausationResponseDto })
  @ApiErrorResponse(400, 'Malformed game id or revision.')
  @ApiParam({ name: 'revision', type: 'integer', description: 'The event to explain (a revision of the game).' })
  @ApiErrorResponse(404, 'No such game, or no such revision.')
  async why(
    @Param('id', GameIdPipe) gameId: string,
    @RevisionParam() revision: number,
  ): Promise<EventCausationResponseDto> {
    return (await this.causation.why(gameId, revision)) as EventCausationResponseDto;
  }
}
