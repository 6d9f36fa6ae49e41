import { NestedObject } from './field.decorators';
import { TurnOrdersDto } from './turn-orders.dto';

/** One turn of a scenario: both players' orders; both confirm once they are given (T2). */
export class TurnDto {
  @NestedObject(() => TurnOrdersDto)
  orders!: TurnOrdersDto;
}
