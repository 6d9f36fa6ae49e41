import { ApiProperty } from '@nestjs/swagger';

/** One game of `GET /games`: where it stands, read from its last event. */
export class GameSummaryResponseDto {
  @ApiProperty({ example: 'g-3f9c0a1b2c3d4e5f' })
  gameId!: string;

  @ApiProperty({ example: 34 })
  revision!: number;

  @ApiProperty({ example: 2 })
  turn!: number;

  @ApiProperty({ example: 'orders' })
  phase!: string;
}

export class GameListResponseDto {
  @ApiProperty({ type: [GameSummaryResponseDto] })
  games!: GameSummaryResponseDto[];
}
