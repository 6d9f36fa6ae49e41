import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GameResultDto } from '../game-end/game-result.response.dto';

class SideDto {
  @ApiProperty({ example: 'death' })
  house!: string;
}

class SidesDto {
  @ApiProperty({ type: SideDto })
  red!: SideDto;

  @ApiProperty({ type: SideDto })
  blue!: SideDto;
}

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
  @ApiPropertyOptional({ example: 'friday final', description: 'The set-up’s name (absent when unreadable).' })
  name?: string;

  @ApiPropertyOptional({
    type: SidesDto,
    description: 'Each side’s house, as the set-up gives it (absent when the first event is unreadable).',
  })
  players?: SidesDto;

  @ApiPropertyOptional({
    example: 10,
    nullable: true,
    description: '[A] The set-up’s last turn: at its end the game ends by the tie-break (null: no limit).',
  })
  turnLimit?: number | null;

  @ApiPropertyOptional({ example: 'demo', description: 'A fork: the game it was copied from.' })
  forkedFrom?: string;

  @ApiPropertyOptional({ example: 42, description: 'A fork: the origin’s last copied revision.' })
  forkedAt?: number;

  @ApiPropertyOptional({ enum: ['live', 'ended'], description: '[A] `ended` once the game has ended (GameEnded).' })
  status?: 'live' | 'ended';

  @ApiPropertyOptional({
    type: GameResultDto,
    nullable: true,
    description: 'How the game ended; null while it goes on.',
  })
  result?: GameResultDto | null;
}

export class GameListResponseDto {
  @ApiProperty({ type: [GameSummaryResponseDto] })
  games!: GameSummaryResponseDto[];
}
