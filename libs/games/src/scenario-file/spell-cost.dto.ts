import { Amount } from './bounded.decorators';
import type { SpellCost } from '@app/rules';
import { Required } from './field.decorators';

/** B6: a cost in the spell's house's two mana types, primary + secondary. */
export class SpellCostDto implements SpellCost {
  @Amount()
  @Required()
  primary!: number;

  @Amount()
  @Required()
  secondary!: number;
}
