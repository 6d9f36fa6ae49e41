import { ApiProperty } from '@nestjs/swagger';
import { COLOURS, GAME_END_REASONS } from '@app/rules';

/** [A] How a game ended (its GameEnded): in `GET /games`, heads and receipts of an ended game. */
export class GameResultDto {
  @ApiProperty({ enum: COLOURS, nullable: true, example: 'red', description: 'null: a draw' })
  winner!: 'red' | 'blue' | null;

  @ApiProperty({ enum: GAME_END_REASONS, example: 'resignation' })
  reason!: 'resignation' | 'adjudication' | 'turn-limit';

  @ApiProperty({ example: 6, description: 'The turn the game ended in.' })
  turn!: number;
}
