import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { Optional } from '@app/games';
import { SETUP_ID } from '@app/rules';
import { EventTypesQueryDto } from '../events/event-types.query.dto';
import { WholeNumberQuery } from '../validation/query-transforms';
import { TokenQuery } from '../viewers/token-query.decorator';

/** `GET /events/stream?gameId=&types=&from=`: every game's events in global order. */
export class GlobalStreamQueryDto extends EventTypesQueryDto {
  @ApiPropertyOptional({ description: 'Only this game’s events.', example: 'g-3f9c0a1b2c3d4e5f' })
  @Matches(SETUP_ID, { message: 'gameId must be a game id (letters, digits, _ and -, starting with a letter)' })
  @IsString()
  @Optional()
  gameId?: string;

  @ApiPropertyOptional({
    description: 'First global position to send (inclusive; default the beginning). `Last-Event-ID` takes precedence.',
    minimum: 0,
    type: 'integer',
  })
  @WholeNumberQuery()
  @Optional()
  from?: number;

  @TokenQuery()
  token?: string;
}
