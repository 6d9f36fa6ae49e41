import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, Matches } from 'class-validator';
import { Optional } from '@app/games';
import { PageLimitQuery } from '../validation/page-limit.decorator';
import { WholeNumberQuery } from '../validation/query-transforms';
import { ViewAsQuery, type ViewName } from '../viewers/view-as';

/** The most receipts one page holds (`?limit=`). */
export const RECEIPTS_PAGE_LIMIT = 5000;

/**
 * `GET /games/:id/receipts?commandId=&from=&limit=&as=`: the receipt of one command (an empty list when the caller
 * may see none), those of the commands recorded from a revision on, and optionally a page of them: `limit`
 * receipts, the answer's `next` being the `from` of the next page.
 */
export class GameReceiptsQueryDto {
  @ApiPropertyOptional({ description: 'Only this command’s receipt (1–64 printable ASCII characters).' })
  @Matches(/^[\x21-\x7e]{1,64}$/, { message: 'commandId must be 1 to 64 printable ASCII characters without spaces' })
  @Optional()
  commandId?: string;

  @ApiPropertyOptional({
    description: 'The receipts of the commands recorded from this revision on (default 0).',
    minimum: 0,
    type: 'integer',
  })
  @WholeNumberQuery()
  @Optional()
  from?: number;

  @ApiPropertyOptional({
    description:
      `A page: at most this many receipts (1–${RECEIPTS_PAGE_LIMIT}); the answer then has \`next\`, the \`from\` of ` +
      'the next page, or null after the last. Without it, every receipt from `from` in one answer (as before).',
    minimum: 1,
    maximum: RECEIPTS_PAGE_LIMIT,
    type: 'integer',
  })
  @PageLimitQuery(RECEIPTS_PAGE_LIMIT)
  @Optional()
  limit?: number;

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description:
      'Add `commands`: for each receipt, the command it covers in words (`red: bolt → b-archer, turn 1`) and the ' +
      'revision of its first event.',
  })
  @IsIn(['true', 'false'])
  @Optional()
  describe?: 'true' | 'false';

  @ViewAsQuery()
  as?: ViewName;
}
