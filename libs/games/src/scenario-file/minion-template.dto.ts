import { Amount, AtMost, Text } from './bounded.decorators';
import { IsArray, IsIn, IsOptional } from 'class-validator';
import { SETUP_LIMITS, TARGETING_RESTRICTIONS } from '@app/rules';
import type { MinionKind, MinionSpec, TargetingRestriction, Trigger } from '@app/rules';
import { AttackDto } from './attack.dto';
import { ClassRule } from './class-rules.decorators';
import { forwardType } from './forward-type';
import { NestedArray, Optional, Required } from './field.decorators';

export const MINION_KINDS: readonly MinionKind[] = ['recruit', 'monster'];

/**
 * B3: a minion without id, as created by replaceMinion, replaceGroup and summon (the engine gives the id).
 * `maxHp` and `maxArmor` default to `hp` and `armor`.
 */
@ClassRule(
  'maxHpAtLeastHp',
  (minion) => typeof minion.maxHp !== 'number' || typeof minion.hp !== 'number' || minion.maxHp >= minion.hp,
  (minion) => `maxHp (${String(minion.maxHp)}) must not be less than hp (${String(minion.hp)})`,
  'maxHp, when given, is at least hp',
)
export class MinionTemplateDto implements MinionSpec {
  @IsIn(MINION_KINDS)
  @Required()
  kind!: MinionKind;

  /** Swordsman, archer… for recruits; free text, null allowed. */
  @Text()
  @IsOptional()
  class?: string | null;

  @Amount(1)
  @Required()
  hp!: number;

  @Amount(1)
  @Optional()
  maxHp?: number;

  @Amount()
  @Required()
  armor!: number;

  @Amount()
  @Optional()
  maxArmor?: number;

  @AtMost(SETUP_LIMITS.attacksPerMinion)
  @NestedArray(() => AttackDto)
  attacks!: AttackDto[];

  /** Triggers that are always live on this minion (docs/design.md). */
  @AtMost(SETUP_LIMITS.traitsPerMinion)
  @NestedArray(forwardType('TriggerDto'))
  @Optional()
  traits?: Trigger[];

  /** What it cannot be targeted by: `individual-spells` ("can't be targeted by individual spells", S10). */
  @AtMost(TARGETING_RESTRICTIONS.length)
  @IsIn(TARGETING_RESTRICTIONS, { each: true })
  @IsArray()
  @Optional()
  cannotBeTargetedBy?: TargetingRestriction[];
}
