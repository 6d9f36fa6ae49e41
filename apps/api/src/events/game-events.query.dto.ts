import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Matches } from 'class-validator';
import { EntityId, Optional } from '@app/games';
import { COLOURS, type Colour } from '@app/rules';
import { NotLessThan } from '../validation/query-rules.decorators';
import { WholeNumberQuery } from '../validation/query-transforms';
import { ViewAsQuery, type ViewName } from '../viewers/view-as';
import { EventTypesQueryDto } from './event-types.query.dto';
import { PageLimitQuery } from '../validation/page-limit.decorator';

/** A rule id as events cite them (`D4`, `E3.1`, `A`). */
const RULE_ID = /^[A-Z][0-9]{0,2}(\.[0-9]{1,2})?$/;

/** The most revisions one page reads (`?limit=`). */
export const EVENTS_PAGE_LIMIT = 5000;

/**
 * `GET /games/:id/events?from=&to=&types=&limit=&describe=&as=`: a revision range (both inclusive), a type filter,
 * and optionally a page of it: `limit` revisions from `from`, the answer's `next` being the `from` of the next page.
 */
export class GameEventsQueryDto extends EventTypesQueryDto {
  @ApiPropertyOptional({ description: 'First revision (inclusive; default 0).', minimum: 0, type: 'integer' })
  @WholeNumberQuery()
  @Optional()
  from?: number;

  @ApiPropertyOptional({ description: 'Last revision (inclusive; default the last).', minimum: 0, type: 'integer' })
  @NotLessThan('from')
  @WholeNumberQuery()
  @Optional()
  to?: number;

  @ApiPropertyOptional({
    description:
      `A page: read at most this many revisions from \`from\` (1–${EVENTS_PAGE_LIMIT}); the answer then has \`next\`, the ` +
      '`from` of the next page, or null after the last. Without it, the whole range in one answer (as before).',
    minimum: 1,
    maximum: EVENTS_PAGE_LIMIT,
    type: 'integer',
  })
  @PageLimitQuery(EVENTS_PAGE_LIMIT)
  @Optional()
  limit?: number;

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: 'Add `description` to every event: the sentence `sanctum replay` prints for it.',
  })
  @IsIn(['true', 'false'])
  @Optional()
  describe?: 'true' | 'false';

  @ApiPropertyOptional({ description: 'Only events that name this minion (its id).', example: 'b-archer' })
  @EntityId()
  @Optional()
  minion?: string;

  @ApiPropertyOptional({
    enum: COLOURS,
    description: 'Only events of this player: its orders, confirmations, draws, mana, and what it owns.',
  })
  @IsIn(COLOURS)
  @Optional()
  player?: Colour;

  @ApiPropertyOptional({
    description: 'Only events this rule produced (`metadata.rule`); `E3` also finds `E3.1`, `E3.2`….',
    example: 'D4',
  })
  @Matches(RULE_ID, { message: 'rule must be a rule id (D4, E3.1, A)' })
  @IsString()
  @Optional()
  rule?: string;

  @ViewAsQuery()
  as?: ViewName;
}
