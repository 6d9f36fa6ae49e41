import { IsInt, Min } from 'class-validator';
import type { SpellCost } from '@app/rules';
import { Required } from './field.decorators';

/** B6: a cost in the spell's house's two mana types, primary + secondary. */
export class SpellCostDto implements SpellCost {
  @Min(0)
  @IsInt()
  @Required()
  primary!: number;

  @Min(0)
  @IsInt()
  @Required()
  secondary!: number;
}
