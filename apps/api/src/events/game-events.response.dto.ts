import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/**
 * One event as `sanctum simulate` prints it: `{revision, type, data, metadata}`. Anyone but the organiser reads
 * the game through the viewer rules: an event they may not see is `{revision, type: "Redacted", data: {}, metadata:
 * {gameId, eventId, turn, phase}}`, and no event carries `prevHash`/`hash`.
 */
export class GameEventLineDto {
  @ApiProperty({ example: 20 })
  revision!: number;

  @ApiProperty({ example: 'MinionDied', description: '`Redacted`: an event this caller may not see.' })
  type!: string;

  @ApiProperty({ type: 'object', additionalProperties: true, example: { minionId: 'b-archer', category: 'dies' } })
  data!: Record<string, unknown>;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'gameId, eventId, turn, phase, step?, rule, causationId, correlationId, commandId, schemaVersion, prevHash, hash.',
  })
  metadata!: Record<string, unknown>;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description:
      'On a SpellExecutionPhaseStarted, for anyone but the organiser: the other side’s orders of the turn, released ' +
      'now (T2), as the lines that were `Redacted` at their revisions. Cancelled orders and non-visible spells ' +
      '(S9) are never released.',
  })
  released?: Record<string, unknown>[];

  @ApiPropertyOptional({
    example: 'b-archer takes 3 damage (3 → 0 HP)',
    description: 'With `?describe=true`: what happened, in the words `sanctum replay` uses.',
  })
  description?: string;
}

export class GameEventsResponseDto {
  @ApiProperty({ example: 'g-3f9c0a1b2c3d4e5f' })
  gameId!: string;

  @ApiProperty({ type: [GameEventLineDto] })
  events!: GameEventLineDto[];

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    example: 500,
    description: 'With `?limit=`: the `from` of the next page, or null when this page reached the range’s end.',
  })
  next?: number | null;
}
