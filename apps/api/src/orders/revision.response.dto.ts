import { ApiProperty } from '@nestjs/swagger';
import { CommandReceiptProperty, ReceiptDto } from '../receipts/receipt.response.dto';

export class RevisionResponseDto {
  @ApiProperty({ description: 'The game stream’s last revision after the command.', example: 8 })
  revision!: number;

  @CommandReceiptProperty()
  receipt?: ReceiptDto;
}
