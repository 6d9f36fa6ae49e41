import { ApiProperty } from '@nestjs/swagger';

export class GameStateResponseDto {
  @ApiProperty({ example: 'g-3f9c0a1b2c3d4e5f' })
  gameId!: string;

  @ApiProperty({ description: 'The revision whose state this is: the fold of events 0 to it.', example: 12 })
  revision!: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'The game state (libs/rules GameState); for anyone but the organiser without what they may not see: no seed ' +
      'or id counters, the other side’s hand and deck as `handSize`/`deckSize`, others’ non-visible spells left ' +
      'out, and in the orders phase the other side’s orders undone (their mana and cards as before them).',
  })
  state!: Record<string, unknown>;
}
