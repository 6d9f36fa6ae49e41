import { IsIn } from 'class-validator';
import type { ActionParams } from '@app/rules';
import { Required } from '../field.decorators';

type Params = ActionParams['destroy'];

/** `destroy {category}`: K1 `dies` (instant death) or `removed` (removed from the game, Q5). */
export class DestroyParamsDto implements Params {
  @IsIn(['dies', 'removed'])
  @Required()
  category!: 'dies' | 'removed';
}
