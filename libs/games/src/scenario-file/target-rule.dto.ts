import { IsIn } from 'class-validator';
import { TARGET_KINDS } from '@app/rules';
import type { MinionKind, TargetKind, TargetRule } from '@app/rules';
import { Optional, Required } from './field.decorators';
import { MINION_KINDS } from './minion-template.dto';

/** S2: what a spell may target, narrowed by side, group kind or structure kind (a sanctum never: B5). */
export class TargetRuleDto implements TargetRule {
  @IsIn(TARGET_KINDS)
  @Required()
  kind!: TargetKind;

  @IsIn(['friendly', 'enemy', 'any'])
  @Optional()
  side?: 'friendly' | 'enemy' | 'any';

  @IsIn(MINION_KINDS)
  @Optional()
  groupKind?: MinionKind;

  @IsIn(['town', 'colony'])
  @Optional()
  structureKind?: 'town' | 'colony';
}
