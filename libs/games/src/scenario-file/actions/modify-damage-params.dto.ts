import { Change } from '../bounded.decorators';
import type { ActionParams } from '@app/rules';
import { Required } from '../field.decorators';

type Params = ActionParams['modifyDamage'];

/** `modifyDamage {by}` (beforeArmor/afterArmor only): added to the damage; negative reduces it. */
export class ModifyDamageParamsDto implements Params {
  @Change()
  @Required()
  by!: number;
}
