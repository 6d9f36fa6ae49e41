import { IsIn } from 'class-validator';
import { COLOURS } from '@app/rules';
import type { Colour } from '@app/rules';
import { AdjudicationDto } from './adjudication.dto';
import { AtMostOneOf } from './class-rules.decorators';
import { NestedObject, Optional } from './field.decorators';
import { TurnOrdersDto } from './turn-orders.dto';

/**
 * One turn of a scenario: both players' orders; both confirm once they are given (T2) — unless the turn ends the
 * game [A]: then, after its orders, a player resigns (`resign`) or the organiser rules the result (`result`).
 */
@AtMostOneOf(['resign', 'result'])
export class TurnDto {
  @NestedObject(() => TurnOrdersDto)
  orders!: TurnOrdersDto;

  @IsIn(COLOURS)
  @Optional()
  resign?: Colour;

  @NestedObject(() => AdjudicationDto)
  @Optional()
  result?: AdjudicationDto;
}
