import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Min } from 'class-validator';
import { Optional } from '@app/games/scenario-file/field.decorators';
import { NotLessThan } from '../validation/query-rules.decorators';
import { ToWholeNumber } from '../validation/query-transforms';
import { EventTypesQueryDto } from './event-types.query.dto';

/** `GET /games/:id/events?from=&to=&types=`: a revision range (both inclusive) and a type filter. */
export class GameEventsQueryDto extends EventTypesQueryDto {
  @ApiPropertyOptional({ description: 'First revision (inclusive; default 0).', minimum: 0, type: 'integer' })
  @Min(0)
  @IsInt()
  @ToWholeNumber()
  @Optional()
  from?: number;

  @ApiPropertyOptional({ description: 'Last revision (inclusive; default the last).', minimum: 0, type: 'integer' })
  @NotLessThan('from')
  @Min(0)
  @IsInt()
  @ToWholeNumber()
  @Optional()
  to?: number;
}
