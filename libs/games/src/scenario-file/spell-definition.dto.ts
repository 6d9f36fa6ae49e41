import { IsArray, IsBoolean, IsIn, IsNotEmpty } from 'class-validator';
import { HOUSES, SETUP_LIMITS, SPELL_TYPES, TARGETING_RESTRICTIONS } from '@app/rules';
import { Amount, AtMost, SetupId, Text } from './bounded.decorators';
import type { House, SpellDefinition, SpellType, TargetingRestriction } from '@app/rules';
import { ActionDto } from './action.dto';
import { NestedArray, NestedObject, Optional, Required } from './field.decorators';
import { SpellCostDto } from './spell-cost.dto';
import { TargetRuleDto } from './target-rule.dto';
import { TriggerDto } from './trigger.dto';

/**
 * A spell definition (docs/design.md; every field is given). `key` must
 * equal the key it is filed under in `spells`, which parseScenarioFile checks (a DTO does not see its map key).
 */
export class SpellDefinitionDto implements Omit<SpellDefinition, 'effects' | 'triggers'> {
  @SetupId()
  @Required()
  key!: string;

  @IsNotEmpty()
  @Text()
  @Required()
  name!: string;

  @IsIn(HOUSES)
  @Required()
  house!: House;

  @IsIn(SPELL_TYPES)
  @Required()
  type!: SpellType;

  @NestedObject(() => TargetRuleDto)
  target!: TargetRuleDto;

  @NestedObject(() => SpellCostDto)
  cost!: SpellCostDto;

  @IsBoolean()
  @Required()
  visible!: boolean;

  @IsBoolean()
  @Required()
  cumulative!: boolean;

  @IsBoolean()
  @Required()
  oncePerGame!: boolean;

  /** Conjurations: turns until it expires (S1). */
  @Amount(1)
  @Optional()
  duration?: number;

  @AtMost(SETUP_LIMITS.effectsPerSpell)
  @NestedArray(() => ActionDto)
  effects!: ActionDto[];

  @AtMost(SETUP_LIMITS.triggersPerSpell)
  @NestedArray(() => TriggerDto)
  triggers!: TriggerDto[];

  /** A visible alteration or conjuration: while active, its host (minion, or each minion of its group) carries these. */
  @AtMost(TARGETING_RESTRICTIONS.length)
  @IsIn(TARGETING_RESTRICTIONS, { each: true })
  @IsArray()
  @Optional()
  hostCannotBeTargetedBy?: TargetingRestriction[];

  /** S1: an alteration or conjuration whose effect replaces its own host group moves to the replacement. */
  @IsBoolean()
  @Optional()
  movesToReplacement?: boolean;
}
