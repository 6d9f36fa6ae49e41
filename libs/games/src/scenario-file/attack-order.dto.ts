import { IsInt, IsNotEmpty, IsString, Min } from 'class-validator';
import { Optional, Required } from './field.decorators';

/** T3: an attack order: attacker, victim, and which of the attacker's attacks (default the first). */
export class AttackOrderDto {
  @IsNotEmpty()
  @IsString()
  @Required()
  attacker!: string;

  @IsNotEmpty()
  @IsString()
  @Required()
  victim!: string;

  @Min(0)
  @IsInt()
  @Optional()
  attack?: number;
}
