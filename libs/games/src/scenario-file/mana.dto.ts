import { Amount } from './bounded.decorators';
import type { ManaType } from '@app/rules';
import { Optional } from './field.decorators';

/** B6: an amount per mana type; types left out count as 0. Unknown mana types are refused (whitelist). */
export class ManaDto implements Partial<Record<ManaType, number>> {
  @Amount()
  @Optional()
  order?: number;

  @Amount()
  @Optional()
  strife?: number;

  @Amount()
  @Optional()
  clarity?: number;

  @Amount()
  @Optional()
  mystery?: number;

  @Amount()
  @Optional()
  will?: number;

  @Amount()
  @Optional()
  world?: number;
}
