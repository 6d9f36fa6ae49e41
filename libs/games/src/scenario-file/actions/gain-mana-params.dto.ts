import { IsIn } from 'class-validator';
import type { ActionParams } from '@app/rules';
import { NestedObject, Required } from '../field.decorators';
import { ManaDto } from '../mana.dto';

type Params = ActionParams['gainMana'];

/** `gainMana {player, mana}`: a colour, or relative to the effect's owner (`caster`, `opponent`). */
export class GainManaParamsDto implements Params {
  @IsIn(['red', 'blue', 'caster', 'opponent'])
  @Required()
  player!: ActionParams['gainMana']['player'];

  @NestedObject(() => ManaDto)
  mana!: ManaDto;
}
