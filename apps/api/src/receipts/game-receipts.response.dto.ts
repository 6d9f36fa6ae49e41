import { ApiProperty } from '@nestjs/swagger';
import { ReceiptDto } from './receipt.response.dto';

export class GameReceiptsResponseDto {
  @ApiProperty({ example: 'demo' })
  gameId!: string;

  @ApiProperty({
    type: [ReceiptDto],
    description:
      'The receipts of the recorded commands the caller may see, in revision order: a player its own commands’ and ' +
      'the public ones (the set-up, the scheduled garbage collections); the organiser all; a spectator the public ones.',
  })
  receipts!: ReceiptDto[];
}
