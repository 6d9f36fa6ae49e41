import { ApiPropertyOptional } from '@nestjs/swagger';
import { Optional } from '@app/games';
import { NotLessThan } from '../validation/query-rules.decorators';
import { WholeNumberQuery } from '../validation/query-transforms';
import { ViewAsQuery, type ViewName } from '../viewers/view-as';

/** `GET /games/:id/notes?from=&to=&as=`: the notes about a range of revisions the caller may read. */
export class GameNotesQueryDto {
  @ApiPropertyOptional({ description: 'Notes about revisions from this one (default 0).', minimum: 0, type: 'integer' })
  @WholeNumberQuery()
  @Optional()
  from?: number;

  @ApiPropertyOptional({
    description: 'Notes about revisions up to this one (default: all).',
    minimum: 0,
    type: 'integer',
  })
  @NotLessThan('from')
  @WholeNumberQuery()
  @Optional()
  to?: number;

  @ViewAsQuery()
  as?: ViewName;
}
