import { ApiProperty } from '@nestjs/swagger';
import { PlayerTokensDto } from '../games/create-game.response.dto';

export class ForkGameResponseDto {
  @ApiProperty({ example: 'demo-what-if', description: 'The new game.' })
  gameId!: string;

  @ApiProperty({ example: 'demo' })
  forkedFrom!: string;

  @ApiProperty({ example: 42, description: 'The origin’s last copied revision.' })
  forkedAt!: number;

  @ApiProperty({ example: 42, description: 'The new game’s last revision (the copy keeps the revisions).' })
  revision!: number;

  @ApiProperty({
    type: PlayerTokensDto,
    description: 'The new game’s player tokens (those of the origin do not work).',
  })
  playerTokens!: PlayerTokensDto;
}
