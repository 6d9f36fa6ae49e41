import type { ActionParams } from '@app/rules';
import { NestedObject } from '../field.decorators';
import { MinionTemplateDto } from '../minion-template.dto';

type Params = ActionParams['replaceMinion'];

/** `replaceMinion {with}`: a minion without id (Q4 when a recruit replaces a recruit). */
export class ReplaceMinionParamsDto implements Params {
  @NestedObject(() => MinionTemplateDto)
  with!: MinionTemplateDto;
}
