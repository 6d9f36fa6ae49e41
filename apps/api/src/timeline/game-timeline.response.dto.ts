import { ApiProperty } from '@nestjs/swagger';
import { PHASE_ORDER } from '@app/games';

export class TimelineSegmentDto {
  @ApiProperty({ example: 3 })
  turn!: number;

  @ApiProperty({ enum: PHASE_ORDER, example: 'combat' })
  phase!: string;

  @ApiProperty({ example: 40, description: 'The run’s first revision.' })
  from!: number;

  @ApiProperty({ example: 52, description: 'The run’s last revision.' })
  to!: number;
}

export class GameTimelineResponseDto {
  @ApiProperty({ example: 'g-3f9c0a1b2c3d4e5f' })
  gameId!: string;

  @ApiProperty({ example: 70, description: 'The last revision the timeline covers (the game’s last when read).' })
  revision!: number;

  @ApiProperty({
    type: [TimelineSegmentDto],
    description: 'The runs of consecutive events of one turn and phase, in order: the game’s turns and phases.',
  })
  segments!: TimelineSegmentDto[];
}
