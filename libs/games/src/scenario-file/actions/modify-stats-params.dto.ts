import { IsInt } from 'class-validator';
import type { ActionParams } from '@app/rules';
import { Optional } from '../field.decorators';

type Params = ActionParams['modifyStats'];

/** `modifyStats {armor?, maxHp?, damage?}`: signed changes, undone when the spell leaves play (D6). */
export class ModifyStatsParamsDto implements Params {
  @IsInt()
  @Optional()
  armor?: number;

  @IsInt()
  @Optional()
  maxHp?: number;

  @IsInt()
  @Optional()
  damage?: number;
}
