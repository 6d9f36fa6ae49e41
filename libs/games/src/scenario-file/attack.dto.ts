import { Amount } from './bounded.decorators';
import { IsBoolean, IsIn } from 'class-validator';
import type { AttackSpec, PhysicalKind } from '@app/rules';
import { Optional, Required } from './field.decorators';

export const PHYSICAL_KINDS: readonly PhysicalKind[] = ['hand', 'missile'];

/** B3/D0: one of a minion's attacks. */
export class AttackDto implements AttackSpec {
  @IsIn(PHYSICAL_KINDS)
  @Required()
  kind!: PhysicalKind;

  @Amount()
  @Required()
  damage!: number;

  @IsBoolean()
  @Optional()
  magical?: boolean;

  @IsBoolean()
  @Optional()
  ignoresArmor?: boolean;
}
