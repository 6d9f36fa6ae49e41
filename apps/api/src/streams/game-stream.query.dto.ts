import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { Optional } from '@app/games';
import { EventTypesQueryDto } from '../events/event-types.query.dto';
import { WholeNumberQuery } from '../validation/query-transforms';
import { TokenQuery } from '../viewers/token-query.decorator';
import { ViewAsQuery, type ViewName } from '../viewers/view-as';

/** `GET /games/:id/events/stream?from=&types=`. */
export class GameStreamQueryDto extends EventTypesQueryDto {
  @ApiPropertyOptional({
    description: 'First revision to send (inclusive; default 0). A `Last-Event-ID` header takes precedence.',
    minimum: 0,
    type: 'integer',
  })
  @WholeNumberQuery()
  @Optional()
  from?: number;

  @TokenQuery()
  token?: string;

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: 'Add `description` to every event: the sentence `sanctum replay` prints for it.',
  })
  @IsIn(['true', 'false'])
  @Optional()
  describe?: 'true' | 'false';

  @ViewAsQuery()
  as?: ViewName;
}
