import { SetupId } from './bounded.decorators';
import { IsBoolean, ValidateIf } from 'class-validator';
import { ClassRule, ExactlyOneOf } from './class-rules.decorators';
import { AttackOrderDto } from './attack-order.dto';
import { EntityRefDto } from './entity-ref.dto';
import { NestedObject, Optional } from './field.decorators';

/**
 * One order: `{cast, target}` (S3), `{attack: {attacker, victim, attack?}}` (T3) or `{discard}` (S12), plus
 * `expectRejected: true` when the file expects the rules to refuse it (the run then goes on without it).
 */
@ExactlyOneOf(['cast', 'attack', 'discard'])
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

  @IsBoolean()
  @Optional()
  expectRejected?: boolean;
}
