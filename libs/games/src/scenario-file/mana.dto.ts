import { IsInt, Min } from 'class-validator';
import type { ManaType } from '@app/rules';
import { Optional } from './field.decorators';

/** B6: an amount per mana type; types left out count as 0. Unknown mana types are refused (whitelist). */
export class ManaDto implements Partial<Record<ManaType, number>> {
  @Min(0)
  @IsInt()
  @Optional()
  order?: number;

  @Min(0)
  @IsInt()
  @Optional()
  strife?: number;

  @Min(0)
  @IsInt()
  @Optional()
  clarity?: number;

  @Min(0)
  @IsInt()
  @Optional()
  mystery?: number;

  @Min(0)
  @IsInt()
  @Optional()
  will?: number;

  @Min(0)
  @IsInt()
  @Optional()
  world?: number;
}
