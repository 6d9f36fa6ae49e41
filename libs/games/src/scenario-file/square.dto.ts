import type { SquareSetup } from '@app/rules';
import { SetupId, Text } from './bounded.decorators';
import { Optional, Required } from './field.decorators';

/** B5: a square that carries terrain (squares nobody mentions need no entry). */
export class SquareDto implements SquareSetup {
  @SetupId()
  @Required()
  id!: string;

  @Text()
  @Optional()
  terrain?: string;
}
