import { IsNotEmpty, IsString } from 'class-validator';
import type { SquareSetup } from '@app/rules';
import { Optional, Required } from './field.decorators';

/** B5: a square that carries terrain (squares nobody mentions need no entry). */
export class SquareDto implements SquareSetup {
  @IsNotEmpty()
  @IsString()
  @Required()
  id!: string;

  @IsNotEmpty()
  @IsString()
  @Optional()
  terrain?: string;
}
