import { Amount, SetupId } from './bounded.decorators';
import { IsBoolean, ValidateIf } from 'class-validator';
import { SCENARIO_ORDER_KINDS } from '@app/rules';
import { ClassRule, ExactlyOneOf } from './class-rules.decorators';
import { AttackOrderDto } from './attack-order.dto';
import { EntityRefDto } from './entity-ref.dto';
import { NestedObject, Optional } from './field.decorators';

/**
 * One order: `{cast, target}` (S3), `{attack: {attacker, victim, attack?}}` (T3), `{discard}` (S12) or `{cancel}`
 * (S3/S4/S12: the place, from 0, of an earlier order of the same player and turn, which is cancelled; a cast is
 * refunded), plus `expectRejected: true` when the file expects the rules to refuse it (the run then goes on
 * without it).
 */
@ExactlyOneOf(SCENARIO_ORDER_KINDS)
@ClassRule(
  'targetOnlyWithCast',
  (order) => order.target === undefined || order.cast !== undefined,
  () => 'has a target but no cast: only a cast takes a target',
)
export class OrderDto {
  @SetupId()
  @Optional()
  cast?: string;

  /** Required with `cast` (S2), refused without it (by the class rule). */
  @NestedObject(() => EntityRefDto)
  @ValidateIf((order: OrderDto) => order.cast !== undefined)
  target?: EntityRefDto;

  @NestedObject(() => AttackOrderDto)
  @Optional()
  attack?: AttackOrderDto;

  @SetupId()
  @Optional()
  discard?: string;

  @Amount()
  @Optional()
  cancel?: number;

  @IsBoolean()
  @Optional()
  expectRejected?: boolean;
}
