import { ApiProperty } from '@nestjs/swagger';

export class GameStateResponseDto {
  @ApiProperty({ example: 'g-3f9c0a1b2c3d4e5f' })
  gameId!: string;

  @ApiProperty({ description: 'The revision whose state this is: the fold of events 0 to it.', example: 12 })
  revision!: number;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The game state (libs/rules GameState).' })
  state!: Record<string, unknown>;
}
