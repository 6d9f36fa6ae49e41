import { ArrayMaxSize, ArrayMinSize } from 'class-validator';
import { RULES_OPTIONS } from '@app/rules';
import { ExactlyOneOf } from '../class-rules.decorators';
import { NestedArray, NestedObject, Optional } from '../field.decorators';
import { MinionTemplateDto } from '../minion-template.dto';
import { StructureTemplateDto } from './structure-template.dto';

/** What a group or structure is replaced with (Q3): a new group of 1–8 minions (B4), or a structure. */
@ExactlyOneOf(['minions', 'structure'])
export class ReplacementDto {
  @ArrayMaxSize(RULES_OPTIONS.maxGroupSize)
  @ArrayMinSize(1)
  @NestedArray(() => MinionTemplateDto)
  @Optional()
  minions?: MinionTemplateDto[];

  @NestedObject(() => StructureTemplateDto)
  @Optional()
  structure?: StructureTemplateDto;
}
