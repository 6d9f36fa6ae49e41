import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Matches } from 'class-validator';
import { Optional } from '@app/games';
import { SETUP_ID } from '@app/rules';
import { WholeNumberQuery } from '../validation/query-transforms';
import { EventTypesQueryDto } from './event-types.query.dto';
import { PageLimitQuery } from '../validation/page-limit.decorator';

/** The most events one page of the export reads. */
export const EXPORT_PAGE_LIMIT = 10_000;
export const EXPORT_PAGE_DEFAULT = 1000;

/** `GET /events?after=&limit=&gameId=&types=&format=`: every game's events in global order, a page at a time. */
export class GlobalEventsQueryDto extends EventTypesQueryDto {
  @ApiPropertyOptional({
    description:
      'Resume after this global position (exclusive): the `lastPosition` of the previous page, or the `id:` of the ' +
      'last event an SSE client of `/events/stream` got. Default: from the beginning.',
    minimum: 0,
    type: 'integer',
  })
  @WholeNumberQuery()
  @Optional()
  after?: number;

  @ApiPropertyOptional({
    description: `At most this many events are read (1–${EXPORT_PAGE_LIMIT}; default ${EXPORT_PAGE_DEFAULT}).`,
    minimum: 1,
    maximum: EXPORT_PAGE_LIMIT,
    type: 'integer',
  })
  @PageLimitQuery(EXPORT_PAGE_LIMIT)
  @Optional()
  limit?: number;

  @ApiPropertyOptional({ description: 'Only this game’s events.', example: 'g-3f9c0a1b2c3d4e5f' })
  @Matches(SETUP_ID, { message: 'gameId must be a game id (letters, digits, _ and -, starting with a letter)' })
  @IsString()
  @Optional()
  gameId?: string;

  @ApiPropertyOptional({
    enum: ['json', 'ndjson'],
    default: 'json',
    description: '`ndjson`: the page’s events as JSON lines (`application/x-ndjson`), without the envelope.',
  })
  @IsIn(['json', 'ndjson'])
  @Optional()
  format?: 'json' | 'ndjson';
}
