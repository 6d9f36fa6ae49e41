import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { Optional, Required } from '@app/games';
import { SETUP_ID } from '@app/rules';
import { NotLessThan } from '../validation/query-rules.decorators';
import { WholeNumberQuery } from '../validation/query-transforms';

/** `GET /log/tree-head?size=`. */
export class TreeHeadQueryDto {
  @ApiPropertyOptional({ description: 'The log’s size to sign (default: as it stands).', minimum: 0, type: 'integer' })
  @WholeNumberQuery()
  @Optional()
  size?: number;
}

/** `GET /log/inclusion?gameId=&revision=&size=`. */
export class InclusionProofQueryDto extends TreeHeadQueryDto {
  @ApiProperty({ description: 'The game whose head to prove.' })
  @Matches(SETUP_ID, { message: 'gameId must be a game id (a letter, then letters, digits, _ or -)' })
  @Required()
  gameId!: string;

  @ApiPropertyOptional({
    description: 'The head’s revision (default: the last one logged).',
    minimum: 0,
    type: 'integer',
  })
  @WholeNumberQuery()
  @Optional()
  revision?: number;
}

/** `GET /log/consistency?first=&second=`. */
export class ConsistencyProofQueryDto {
  @ApiProperty({ description: 'The earlier size (a tree head you kept).', minimum: 0, type: 'integer' })
  @WholeNumberQuery()
  @Required()
  first!: number;

  @ApiPropertyOptional({ description: 'The later size (default: as it stands).', minimum: 0, type: 'integer' })
  @NotLessThan('first')
  @WholeNumberQuery()
  @Optional()
  second?: number;
}
