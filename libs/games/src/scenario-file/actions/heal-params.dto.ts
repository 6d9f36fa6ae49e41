import { Amount } from '../bounded.decorators';
import { Equals } from 'class-validator';
import type { ActionParams } from '@app/rules';
import { ExactlyOneOf } from '../class-rules.decorators';
import { Optional } from '../field.decorators';

type Params = ActionParams['heal'];

/** `heal {amount}` or `heal {full: true}`. */
@ExactlyOneOf(['amount', 'full'])
export class HealParamsDto implements Params {
  @Amount()
  @Optional()
  amount?: number;

  @Equals(true, { message: '$property must be true (leave it out otherwise)' })
  @Optional()
  full?: boolean;
}
