import { ArrayMaxSize, ArrayMinSize } from 'class-validator';
import { RULES_OPTIONS } from '@app/rules';
import { NestedArray } from '../field.decorators';
import { MinionTemplateDto } from '../minion-template.dto';

/** `summon {minions}` (S1 summoning and hero spells): 1–8 minions of one kind (B4). */
export class SummonParamsDto {
  @ArrayMaxSize(RULES_OPTIONS.maxGroupSize)
  @ArrayMinSize(1)
  @NestedArray(() => MinionTemplateDto)
  minions!: MinionTemplateDto[];
}
