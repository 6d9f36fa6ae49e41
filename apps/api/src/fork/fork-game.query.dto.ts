import { ApiPropertyOptional } from '@nestjs/swagger';
import { Optional } from '@app/games';
import { WholeNumberQuery } from '../validation/query-transforms';

/** `POST /games/:id/fork?at=REVISION`. */
export class ForkGameQueryDto {
  @ApiPropertyOptional({
    description:
      'The origin’s last revision to copy (default: its latest). It must end a command: not inside a turn’s execution.',
    minimum: 0,
    type: 'integer',
  })
  @WholeNumberQuery()
  @Optional()
  at?: number;
}
