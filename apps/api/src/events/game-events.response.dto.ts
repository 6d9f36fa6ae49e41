import { ApiProperty } from '@nestjs/swagger';

/** One event as `sanctum simulate` prints it: `{revision, type, data, metadata}`. */
export class GameEventLineDto {
  @ApiProperty({ example: 20 })
  revision!: number;

  @ApiProperty({ example: 'MinionDied' })
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
}

export class GameEventsResponseDto {
  @ApiProperty({ example: 'g-3f9c0a1b2c3d4e5f' })
  gameId!: string;

  @ApiProperty({ type: [GameEventLineDto] })
  events!: GameEventLineDto[];
}
