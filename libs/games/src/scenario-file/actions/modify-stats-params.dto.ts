import { Change } from '../bounded.decorators';
import type { ActionParams } from '@app/rules';
import { Optional } from '../field.decorators';

type Params = ActionParams['modifyStats'];

/** `modifyStats {armor?, maxHp?, damage?}`: signed changes, undone when the spell leaves play (D6). */
export class ModifyStatsParamsDto implements Params {
  @Change()
  @Optional()
  armor?: number;

  @Change()
  @Optional()
  maxHp?: number;

  @Change()
  @Optional()
  damage?: number;
}
