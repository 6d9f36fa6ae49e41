import { ApiProperty } from '@nestjs/swagger';

export class PlaceOrderResponseDto {
  @ApiProperty({ description: 'The order’s id, for `DELETE /games/:id/orders/:orderId`.', example: 'order.1' })
  orderId!: string;

  @ApiProperty({ description: 'The game stream’s last revision after the order.', example: 7 })
  revision!: number;
}
