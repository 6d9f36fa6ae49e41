import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** One game of `GET /games`: where it stands, read from its last event. */
export class GameSummaryResponseDto {
  @ApiProperty({ example: 'g-3f9c0a1b2c3d4e5f' })
  gameId!: string;

  @ApiProperty({ example: 34 })
  revision!: number;

  @ApiProperty({ example: 2, nullable: true, description: 'null when the last event cannot be read' })
  turn!: number | null;

  @ApiProperty({ example: 'orders', nullable: true, description: 'null when the last event cannot be read' })
  phase!: string | null;

  @ApiPropertyOptional({
    example: 34,
    description: 'The game’s last stored event is damaged (not valid JSON): an organiser must restore it.',
  })
  damagedRevision?: number;
}

export class GameListResponseDto {
  @ApiProperty({ type: [GameSummaryResponseDto] })
  games!: GameSummaryResponseDto[];
}
