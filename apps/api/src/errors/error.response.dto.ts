import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The shape of every error answer (see GameErrorsFilter), for the OpenAPI document. */
export class ErrorResponseDto {
  /** Each route's error answers carry an example of their own status (ApiErrorResponse). */
  @ApiProperty({ description: 'The HTTP status again.', type: 'integer' })
  statusCode!: number;

  @ApiProperty({ description: 'Its name (`Not Found`).' })
  error!: string;

  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    description: 'A sentence; for a malformed request, every problem found, each starting with its path.',
    example: ['attack.victim is required'],
  })
  message!: string | string[];

  @ApiPropertyOptional({
    nullable: true,
    description: 'A refused command: the rule id (docs/rules.md).',
    example: 'S5',
  })
  rule?: string | null;

  @ApiPropertyOptional({ description: 'A refused command: why.', example: 'spell "bolt" is not in red’s hand' })
  reason?: string;

  @ApiPropertyOptional({ nullable: true, description: 'A refused command: the field concerned.', example: 'cast' })
  field?: string | null;
}
