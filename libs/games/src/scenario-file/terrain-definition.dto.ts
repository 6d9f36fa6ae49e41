import { IsIn, IsNotEmpty } from 'class-validator';
import { SETUP_LIMITS, TERRAIN_HOOKS } from '@app/rules';
import type { TerrainDefinition, TerrainHook } from '@app/rules';
import { ActionDto } from './action.dto';
import { AtMost, SetupId, Text } from './bounded.decorators';
import { NestedArray, NestedObject, Required } from './field.decorators';

/** `{"on": "groupEnters" | "afterStartOfTurn", "do": ACTION}`: what a terrain does to a group on it, and when [A]. */
export class TerrainTriggerDto {
  @IsIn(TERRAIN_HOOKS)
  @Required()
  on!: TerrainHook;

  @NestedObject(() => ActionDto)
  do!: ActionDto;
}

/**
 * B5: a terrain a square may name (`board.squares[].terrain`). `key` must equal the key it is filed under in
 * `terrains` (parseScenarioFile checks it). Deaths it causes are `dies` (K1: "terrain", "drowning in water").
 */
export class TerrainDefinitionDto implements Omit<TerrainDefinition, 'triggers'> {
  @SetupId()
  @Required()
  key!: string;

  @IsNotEmpty()
  @Text()
  @Required()
  name!: string;

  @AtMost(SETUP_LIMITS.triggersPerTerrain)
  @NestedArray(() => TerrainTriggerDto)
  triggers!: TerrainTriggerDto[];
}
