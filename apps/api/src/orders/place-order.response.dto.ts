import { ApiProperty } from '@nestjs/swagger';
import { CommandReceiptProperty, ReceiptDto } from '../receipts/receipt.response.dto';

export class PlaceOrderResponseDto {
  @ApiProperty({ description: 'The order’s id, for `DELETE /games/:id/orders/:orderId`.', example: 'order.1' })
  orderId!: string;

  @ApiProperty({ description: 'The game stream’s last revision after the order.', example: 7 })
  revision!: number;

  @CommandReceiptProperty()
  receipt?: ReceiptDto;
}
