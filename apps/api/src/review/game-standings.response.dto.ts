import { ApiProperty } from '@nestjs/swagger';
import { GameResultDto } from '../game-end/game-result.response.dto';

class SideStandingsDto {
  @ApiProperty({ description: 'Living minions.' })
  minions!: number;

  @ApiProperty({ description: 'Their current HP in total.' })
  hp!: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Mana in the pool, every type together; null where this viewer may not see that side’s pool.',
  })
  mana!: number | null;
}

class StandingsPointDto {
  @ApiProperty({ description: 'The turn (0: right after the set-up).' })
  turn!: number;

  @ApiProperty({
    description: 'The revision the point is taken at (a turn’s GarbageCollectionScheduled, or the last one).',
  })
  revision!: number;

  @ApiProperty({ description: 'A turn under way: the point moves on with the game.' })
  now!: boolean;

  @ApiProperty({ type: SideStandingsDto })
  red!: SideStandingsDto;

  @ApiProperty({ type: SideStandingsDto })
  blue!: SideStandingsDto;
}

export class GameStandingsResponseDto {
  @ApiProperty({ example: 'demo' })
  gameId!: string;

  @ApiProperty()
  revision!: number;

  @ApiProperty({ description: 'A point every this many turns (1 unless the game is long).' })
  every!: number;

  @ApiProperty({ type: [StandingsPointDto] })
  points!: StandingsPointDto[];

  @ApiProperty({ type: GameResultDto, nullable: true })
  result!: GameResultDto | null;
}
