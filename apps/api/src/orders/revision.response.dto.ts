import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ReceiptDto } from '../receipts/receipt.response.dto';

export class RevisionResponseDto {
  @ApiProperty({ description: 'The game stream’s last revision after the command.', example: 8 })
  revision!: number;

  @ApiPropertyOptional({
    type: ReceiptDto,
    description:
      'The signed receipt of this command: keep it (README “What a player keeps”). Absent only for a game recorded ' +
      'before chain secrets, whose hashes would tell hidden events.',
  })
  receipt?: ReceiptDto;
}
