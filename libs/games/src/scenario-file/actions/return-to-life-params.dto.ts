import { Amount } from '../bounded.decorators';
import { Equals } from 'class-validator';
import type { ActionParams } from '@app/rules';
import { AtMostOneOf } from '../class-rules.decorators';
import { Optional } from '../field.decorators';

type Params = ActionParams['returnToLife'];

/**
 * `returnToLife {hp?}` or `{full: true}` (isDying only): a dying-cancel (E1). `hp` defaults to 1; `hp: 0` is
 * allowed on purpose: a cancel that leaves the minion at 0 HP does not save it (E1.2).
 */
@AtMostOneOf(['hp', 'full'])
export class ReturnToLifeParamsDto implements Params {
  @Amount()
  @Optional()
  hp?: number;

  @Equals(true, { message: '$property must be true (leave it out otherwise)' })
  @Optional()
  full?: boolean;
}
