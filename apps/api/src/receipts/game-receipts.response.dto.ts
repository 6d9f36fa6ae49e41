import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    example: 120,
    description:
      'With `?limit=`: the `from` of the next page (the revision after this page’s last receipt), or null when ' +
      'none of the caller’s receipts is left.',
  })
  next?: number | null;
}
