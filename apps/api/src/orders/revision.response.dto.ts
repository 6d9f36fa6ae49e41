import { ApiProperty } from '@nestjs/swagger';
import { ReceiptDto } from '../receipts/receipt.response.dto';

export class RevisionResponseDto {
  @ApiProperty({ description: 'The game stream’s last revision after the command.', example: 8 })
  revision!: number;

  @ApiProperty({
    type: ReceiptDto,
    description: 'The signed receipt of this command: keep it (see README “What a player keeps”).',
  })
  receipt!: ReceiptDto;
}
