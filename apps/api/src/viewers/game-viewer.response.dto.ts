import { ApiProperty } from '@nestjs/swagger';
import { VIEWS, type ViewName } from './view-as';

/** `GET /games/:id/viewer`: whose view of the game a request gets, and which views it may ask for. */
export class GameViewerResponseDto {
  @ApiProperty({ example: 'g-3f9c0a1b2c3d4e5f' })
  gameId!: string;

  @ApiProperty({
    enum: VIEWS,
    example: 'red',
    description: 'Whose view the answers show: the organiser’s (everything), a player’s, or the public one.',
  })
  view!: ViewName;

  @ApiProperty({
    enum: VIEWS,
    isArray: true,
    example: ['organiser', 'red', 'blue', 'public'],
    description: 'The views this token may ask for with `?as=` (the organiser: all four; anyone else: its own).',
  })
  views!: ViewName[];
}
