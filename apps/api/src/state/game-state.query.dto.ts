import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { PHASE_ORDER, Optional } from '@app/games';
import type { Phase } from '@app/rules';
import { Excludes, Needs } from '../validation/query-rules.decorators';
import { WholeNumberQuery } from '../validation/query-transforms';
import { ViewAsQuery, type ViewName } from '../viewers/view-as';

export const EDGES = ['start', 'end'] as const;

/** Time travel: `?at=REVISION`, or `?turn=N[&phase=P][&edge=start|end]`; neither means the latest state. */
export class GameStateQueryDto {
  @ApiPropertyOptional({ description: 'The state right after this revision.', minimum: 0, type: 'integer' })
  @Excludes('turn')
  @WholeNumberQuery()
  @Optional()
  at?: number;

  @ApiPropertyOptional({
    description: 'The state at the start or end of this turn (0 is the set-up).',
    minimum: 0,
    type: 'integer',
  })
  @WholeNumberQuery()
  @Optional()
  turn?: number;

  @ApiPropertyOptional({ enum: PHASE_ORDER, description: 'With `turn`: one phase of it.' })
  @Needs('turn')
  @IsIn(PHASE_ORDER)
  @Optional()
  phase?: Phase;

  @ApiPropertyOptional({
    enum: EDGES,
    default: 'end',
    description: 'With `turn`: right after its (or its phase’s) first event, or its last.',
  })
  @Needs('turn')
  @IsIn(EDGES)
  @Optional()
  edge?: (typeof EDGES)[number];

  @ViewAsQuery()
  as?: ViewName;
}
