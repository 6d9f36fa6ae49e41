import { ApiProperty } from '@nestjs/swagger';
import { RevisionResponseDto } from '../orders/revision.response.dto';
import { GameResultDto } from './game-result.response.dto';

export class GameEndedResponseDto extends RevisionResponseDto {
  @ApiProperty({ type: GameResultDto, description: 'How the game ended (its GameEnded).' })
  result!: GameResultDto;
}
