import { ApiPropertyOptional } from '@nestjs/swagger';

/** The optional body of `POST /games/:id/fork` (for the OpenAPI document; read by readForkGameBody). */
export class ForkGameRequestDto {
  @ApiPropertyOptional({
    example: 'demo-what-if',
    description: 'The new game’s id (default `g-<16 hex>`): letters, digits, _ and -, starting with a letter.',
  })
  gameId?: string;
}
