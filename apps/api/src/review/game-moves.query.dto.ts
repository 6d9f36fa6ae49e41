import { ApiPropertyOptional } from '@nestjs/swagger';
import { Max, Min } from 'class-validator';
import { MOVES_PAGE_MOST, Optional } from '@app/games';
import { WholeNumberQuery } from '../validation/query-transforms';
import { ViewAsQuery, type ViewName } from '../viewers/view-as';

/** `GET /games/:id/moves?turn=&turns=&as=`: a page of turns of the move list. */
export class GameMovesQueryDto {
  @ApiPropertyOptional({
    description: 'The page’s first turn (0: the set-up; default 0).',
    minimum: 0,
    type: 'integer',
  })
  @WholeNumberQuery()
  @Optional()
  turn?: number;

  @ApiPropertyOptional({
    description: `How many turns (1–${MOVES_PAGE_MOST}, default 5).`,
    minimum: 1,
    maximum: MOVES_PAGE_MOST,
    type: 'integer',
  })
  @Max(MOVES_PAGE_MOST)
  @Min(1)
  @WholeNumberQuery()
  @Optional()
  turns?: number;

  @ViewAsQuery()
  as?: ViewName;
}
