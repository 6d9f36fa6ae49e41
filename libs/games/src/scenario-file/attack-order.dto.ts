import { IsInt, Max, Min } from 'class-validator';
import { SETUP_LIMITS } from '@app/rules';
import { EntityId } from './bounded.decorators';
import { Optional, Required } from './field.decorators';

/** T3: an attack order: attacker, victim, and which of the attacker's attacks (default the first). */
export class AttackOrderDto {
  @EntityId()
  @Required()
  attacker!: string;

  @EntityId()
  @Required()
  victim!: string;

  @Max(SETUP_LIMITS.attacksPerMinion - 1)
  @Min(0)
  @IsInt()
  @Optional()
  attack?: number;
}
