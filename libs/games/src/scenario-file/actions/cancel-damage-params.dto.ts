import { TakesNoParameters } from '../class-rules.decorators';

/** `cancelDamage {}` (beforeArmor/afterArmor only): the damage is bounced. */
@TakesNoParameters()
export class CancelDamageParamsDto {}
