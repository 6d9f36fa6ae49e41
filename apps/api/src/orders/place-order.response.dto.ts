import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ReceiptDto } from '../receipts/receipt.response.dto';

export class PlaceOrderResponseDto {
  @ApiProperty({ description: 'The order’s id, for `DELETE /games/:id/orders/:orderId`.', example: 'order.1' })
  orderId!: string;

  @ApiProperty({ description: 'The game stream’s last revision after the order.', example: 7 })
  revision!: number;

  @ApiPropertyOptional({
    type: ReceiptDto,
    description:
      'The signed receipt of this command: keep it (README “What a player keeps”). Absent only for a game recorded ' +
      'before chain secrets, whose hashes would tell hidden events.',
  })
  receipt?: ReceiptDto;
}
