import { NestedArray, Optional } from './field.decorators';
import { OrderDto } from './order.dto';

/** A turn's orders per player, each list in the order the player gives them (S7); a missing list is none. */
export class TurnOrdersDto {
  @NestedArray(() => OrderDto)
  @Optional()
  red?: OrderDto[];

  @NestedArray(() => OrderDto)
  @Optional()
  blue?: OrderDto[];
}
