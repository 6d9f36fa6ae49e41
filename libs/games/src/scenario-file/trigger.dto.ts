import { IsBoolean, IsIn } from 'class-validator';
import { HOOKS } from '@app/rules';
import type { Hook, PhysicalKind } from '@app/rules';
import { ActionDto } from './action.dto';
import { PHYSICAL_KINDS } from './attack.dto';
import { NestedObject, Optional, Required } from './field.decorators';
import { RegisterDto } from './forward-type';

/**
 * `{"on": HOOK, "do": ACTION}` in a spell's `triggers` or a minion's `traits`. `protective` triggers never act on
 * magical damage (D0); `damageKind` limits a damage hook to hand or missile damage; `subject: "attacker"` aims
 * the action at the attacker to blame. `whenDispelled`, `whenExpires` and `whenFails` are a spell's own hooks
 * (never a trait's); a `hits` trigger acts on the minion its host hit (the rules check both).
 */
@RegisterDto('TriggerDto')
export class TriggerDto {
  @IsIn(Object.keys(HOOKS))
  @Required()
  on!: Hook;

  @NestedObject(() => ActionDto)
  do!: ActionDto;

  @IsBoolean()
  @Optional()
  protective?: boolean;

  @IsIn(PHYSICAL_KINDS)
  @Optional()
  damageKind?: PhysicalKind;

  @IsIn(['self', 'attacker'])
  @Optional()
  subject?: 'self' | 'attacker';
}
