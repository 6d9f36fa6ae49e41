import { ApiProperty } from '@nestjs/swagger';
import { CommandReceiptProperty, ReceiptDto } from '../receipts/receipt.response.dto';

export class PlayerTokensDto {
  @ApiProperty({ description: 'Red’s bearer token for this game: red’s orders and confirmation, red’s view.' })
  red!: string;

  @ApiProperty({ description: 'Blue’s bearer token for this game.' })
  blue!: string;
}

export class CreateGameResponseDto {
  @ApiProperty({ example: 'g-3f9c0a1b2c3d4e5f' })
  gameId!: string;

  @ApiProperty({ description: 'The game stream’s last revision after the set-up events.', example: 6 })
  revision!: number;

  @ApiProperty({
    type: PlayerTokensDto,
    description:
      'Each player’s token (`<gameId>.<colour>.<signature>`), to hand to that player only. They are derived from ' +
      'the game id with the server secret, never stored, and stay valid as long as the secret does.',
  })
  playerTokens!: PlayerTokensDto;

  @CommandReceiptProperty()
  receipt?: ReceiptDto;
}
