import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { COLOURS } from '@app/rules';

/**
 * The body of `POST /games`, for the OpenAPI document only: a set-up as in a scenario file (docs/design.md, without `turns`) plus an optional `gameId`. The set-up's parts are the schemas that openapi.ts derives
 * from libs/games' set-up DTOs (SpellDefinition, Players, Board and what they hold). The body is checked by libs/games' set-up parser (the same
 * one the CLI uses), which keeps the set-up exactly as written, so the events match a CLI run of the same file.
 */
export class CreateGameRequestDto {
  @ApiPropertyOptional({
    description: 'The new game id (letters, digits, _ and -, starting with a letter); default `g-<random hex>`.',
    pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$',
    example: 'g-friday-final',
  })
  gameId?: string;

  @ApiPropertyOptional({ description: 'A name for people (the game id stands in when left out).' })
  name?: string;

  @ApiProperty({
    description: 'Seed of the game’s deterministic generator.',
    type: 'integer',
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
    example: 11,
  })
  seed!: number;

  @ApiProperty({ enum: COLOURS, description: 'B1: who holds initiative in turn 1.' })
  initiative!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: getSchemaPath('SpellDefinition') },
    description: 'Spell definitions by key (catalog spells may be left out).',
    example: {
      bolt: {
        key: 'bolt',
        name: 'Bolt',
        house: 'war',
        type: 'manifestation',
        target: { kind: 'minion', side: 'enemy' },
        cost: { primary: 2, secondary: 1 },
        visible: true,
        cumulative: false,
        oncePerGame: false,
        effects: [{ damage: { amount: 3, magical: true } }],
        triggers: [],
      },
    },
  })
  spells!: Record<string, unknown>;

  @ApiProperty({
    allOf: [{ $ref: getSchemaPath('Players') }],
    description: '`red` and `blue`: house, mana, income?, hand, deck.',
    example: {
      red: { house: 'war', mana: { strife: 6, clarity: 3 }, hand: ['bolt'], deck: [] },
      blue: { house: 'life', mana: { clarity: 4, world: 4 }, hand: [], deck: [] },
    },
  })
  players!: Record<string, unknown>;

  @ApiProperty({
    allOf: [{ $ref: getSchemaPath('Board') }],
    description: '`groups`, `structures`, `squares?`, `activeSpells`.',
    example: {
      groups: [
        {
          id: 'b-patrol',
          owner: 'blue',
          square: 'D4',
          minions: [
            {
              id: 'b-archer',
              kind: 'recruit',
              class: 'archer',
              hp: 3,
              armor: 2,
              attacks: [{ kind: 'missile', damage: 2 }],
            },
          ],
        },
      ],
      structures: [],
      activeSpells: [],
    },
  })
  board!: Record<string, unknown>;
}
