import { IsIn, IsInt, Max, Min } from 'class-validator';
import { SETUP_LIMITS } from '@app/rules';
import type { GameRules } from '@app/rules';
import { Optional } from './field.decorators';

/** The assumptions a set-up may choose for its game; each left out takes its default (docs/design.md, "Assumptions"). */
export class GameRulesDto implements Partial<GameRules> {
  /** D6 [A]: combat rounds per combat phase (default 1). */
  @Max(SETUP_LIMITS.combatRounds)
  @Min(1)
  @IsInt()
  @Optional()
  combatRounds?: number;

  /** S5 vs S9 [A]: two copies of one non-visible spell on one target in one turn (default `allowed`, S9). */
  @IsIn(['allowed', 'refused'])
  @Optional()
  nonVisibleDuplicates?: 'allowed' | 'refused';

  /** D3 [A]: 0 damage that no after-armor effect cancelled (default `bounced`). */
  @IsIn(['bounced', 'applied'])
  @Optional()
  zeroDamageAtD3?: 'bounced' | 'applied';
}
