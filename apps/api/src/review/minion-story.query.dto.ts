import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EntityId, Optional, Required, STORY_MOST_ENTRIES } from '@app/games';
import { PageLimitQuery } from '../validation/page-limit.decorator';
import { WholeNumberQuery } from '../validation/query-transforms';
import { ViewAsQuery, type ViewName } from '../viewers/view-as';

/** `GET /games/:id/why?minion=ID&from=&limit=&as=`: a minion's story. */
export class MinionStoryQueryDto {
  @ApiProperty({ description: 'The minion (its id).', example: 'b-archer' })
  @EntityId()
  @Required()
  minion!: string;

  @ApiPropertyOptional({
    description: 'Only the entries from this revision on (default 0).',
    minimum: 0,
    type: 'integer',
  })
  @WholeNumberQuery()
  @Optional()
  from?: number;

  @ApiPropertyOptional({
    description: `At most this many entries (1–${STORY_MOST_ENTRIES}, the default); the answer's \`next\` says where the rest start.`,
    minimum: 1,
    maximum: STORY_MOST_ENTRIES,
    type: 'integer',
  })
  @PageLimitQuery(STORY_MOST_ENTRIES)
  @Optional()
  limit?: number;

  @ViewAsQuery()
  as?: ViewName;
}
