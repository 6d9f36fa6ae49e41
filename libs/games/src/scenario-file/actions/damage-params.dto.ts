import { Amount } from '../bounded.decorators';
import { IsBoolean, IsIn } from 'class-validator';
import type { ActionParams, PhysicalKind } from '@app/rules';
import { PHYSICAL_KINDS } from '../attack.dto';
import { Optional, Required } from '../field.decorators';

type Params = ActionParams['damage'];

/** `damage {amount, kind?, magical?, ignoresArmor?}` (D0): no kind is pure magical-spell style damage. */
export class DamageParamsDto implements Params {
  @Amount()
  @Required()
  amount!: number;

  @IsIn(PHYSICAL_KINDS)
  @Optional()
  kind?: PhysicalKind;

  @IsBoolean()
  @Optional()
  magical?: boolean;

  @IsBoolean()
  @Optional()
  ignoresArmor?: boolean;
}
