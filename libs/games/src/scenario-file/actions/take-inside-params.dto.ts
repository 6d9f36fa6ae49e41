import { TakesNoParameters } from '../class-rules.decorators';

/** `takeInside {}` [A]: a visible alteration or conjuration on a group takes the group inside itself, off the board. */
@TakesNoParameters()
export class TakeInsideParamsDto {}
