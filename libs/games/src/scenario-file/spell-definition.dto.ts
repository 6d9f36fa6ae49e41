import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsString, Min } from 'class-validator';
import { HOUSES, SPELL_TYPES } from '@app/rules';
import type { House, SpellDefinition, SpellType } from '@app/rules';
import { ActionDto } from './action.dto';
import { NestedArray, NestedObject, Optional, Required } from './field.decorators';
import { SpellCostDto } from './spell-cost.dto';
import { TargetRuleDto } from './target-rule.dto';
import { TriggerDto } from './trigger.dto';

/**
 * A spell definition (DESIGN.md "Effects vocabulary"; scenarios/README.md: every field is given). `key` must
 * equal the key it is filed under in `spells`, which parseScenarioFile checks (a DTO does not see its map key).
 */
export class SpellDefinitionDto implements Omit<SpellDefinition, 'effects' | 'triggers'> {
  @IsNotEmpty()
  @IsString()
  @Required()
  key!: string;

  @IsNotEmpty()
  @IsString()
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
  @Min(1)
  @IsInt()
  @Optional()
  duration?: number;

  @NestedArray(() => ActionDto)
  effects!: ActionDto[];

  @NestedArray(() => TriggerDto)
  triggers!: TriggerDto[];
}
