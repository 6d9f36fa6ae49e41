import { SetupId } from '../bounded.decorators';
import type { ActionParams } from '@app/rules';
import { Required } from '../field.decorators';

type Params = ActionParams['dispel'];

/** `dispel {which}`: `"all"` or a spell key (S9: only visible spells can be dispelled). */
export class DispelParamsDto implements Params {
  @SetupId()
  @Required()
  which!: string;
}
