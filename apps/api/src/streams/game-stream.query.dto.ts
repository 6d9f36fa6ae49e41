import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Min } from 'class-validator';
import { Optional } from '@app/games/scenario-file/field.decorators';
import { EventTypesQueryDto } from '../events/event-types.query.dto';
import { ToWholeNumber } from '../validation/query-transforms';
import { TokenQuery } from '../viewers/token-query.decorator';

/** `GET /games/:id/events/stream?from=&types=`. */
export class GameStreamQueryDto extends EventTypesQueryDto {
  @ApiPropertyOptional({
    description: 'First revision to send (inclusive; default 0). A `Last-Event-ID` header takes precedence.',
    minimum: 0,
    type: 'integer',
  })
  @Min(0)
  @IsInt()
  @ToWholeNumber()
  @Optional()
  from?: number;

  @TokenQuery()
  token?: string;
}
