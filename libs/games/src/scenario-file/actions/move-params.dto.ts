import { SetupId } from '../bounded.decorators';
import type { ActionParams } from '@app/rules';
import { Required } from '../field.decorators';

type Params = ActionParams['move'];

/** `move {to}` [A]: the group (a minion's: its group) goes to square `to`, if the square's occupancy allows. */
export class MoveParamsDto implements Params {
  @SetupId()
  @Required()
  to!: string;
}
