import { ApiProperty } from '@nestjs/swagger';
import { Required } from '@app/games';
import { WholeNumberQuery } from '../validation/query-transforms';

/** `POST /games/:id/fork?at=REVISION`. */
export class ForkGameQueryDto {
  @ApiProperty({
    description:
      'The origin’s last revision to copy (required: a fork names its moment). It must end a command: not inside a ' +
      'turn’s execution.',
    minimum: 0,
    type: 'integer',
  })
  @WholeNumberQuery()
  @Required()
  at!: number;
}
