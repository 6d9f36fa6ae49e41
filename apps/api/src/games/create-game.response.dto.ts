import { ApiProperty } from '@nestjs/swagger';

export class CreateGameResponseDto {
  @ApiProperty({ example: 'g-3f9c0a1b2c3d4e5f' })
  gameId!: string;

  @ApiProperty({ description: 'The game stream’s last revision after the set-up events.', example: 6 })
  revision!: number;
}
