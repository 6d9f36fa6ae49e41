import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ReceiptDto } from './receipt.response.dto';

export class ReceiptCommandDto {
  @ApiProperty({ example: 14, description: 'The receipt’s revision (the command’s last event).' })
  revision!: number;

  @ApiProperty({ example: 9, description: 'The command’s first event.' })
  first!: number;

  @ApiProperty({ example: 'red: bolt → b-archer, turn 1' })
  words!: string;
}

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
    type: [ReceiptCommandDto],
    description: 'With `?describe=true`: which command each receipt covers, one per receipt, in the same order.',
  })
  commands?: ReceiptCommandDto[];

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
