import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, ValidateIf } from 'class-validator';
import {
  SetupId,
  AttackOrderDto,
  ClassRule,
  ExactlyOneOf,
  EntityRefDto,
  NestedObject,
  Optional,
  Required,
} from '@app/games';
import { type Colour, COLOURS } from '@app/rules';

/**
 * One order, shaped as in a scenario file plus the player's colour (docs/design.md): `{player, cast, target}`,
 * `{player, attack: {attacker, victim, attack?}}` or `{player, discard}`. The parts are libs/games' scenario-file
 * DTOs, so a body and a file are checked by the same rules and described in the same words.
 */
@ExactlyOneOf(['cast', 'attack', 'discard'])
@ClassRule(
  'targetOnlyWithCast',
  (order) => order.target === undefined || order.cast !== undefined,
  () => 'has a target but no cast: only a cast takes a target',
)
export class PlaceOrderRequestDto {
  @ApiProperty({ enum: COLOURS, example: 'red' })
  @IsIn(COLOURS)
  @Required()
  player!: Colour;

  @ApiPropertyOptional({ description: 'S3: the spell (from hand) to target.', example: 'bolt' })
  @SetupId()
  @Optional()
  cast?: string;

  @ApiPropertyOptional({
    description: 'With `cast`: exactly one of minion, group, structure, square (ids) or globe (true).',
    type: 'object',
    properties: {
      minion: { type: 'string' },
      group: { type: 'string' },
      structure: { type: 'string' },
      square: { type: 'string' },
      globe: { type: 'boolean', enum: [true] },
    },
    additionalProperties: false,
    example: { minion: 'M1' },
  })
  @NestedObject(() => EntityRefDto)
  @ValidateIf((order: PlaceOrderRequestDto) => order.cast !== undefined)
  target?: EntityRefDto;

  @ApiPropertyOptional({
    description: 'T3: an attack: attacker and victim minion ids, and which attack (default the first).',
    type: 'object',
    required: ['attacker', 'victim'],
    properties: {
      attacker: { type: 'string' },
      victim: { type: 'string' },
      attack: { type: 'integer', minimum: 0 },
    },
    additionalProperties: false,
    example: { attacker: 'r-sword', victim: 'b-sword' },
  })
  @NestedObject(() => AttackOrderDto)
  @Optional()
  attack?: AttackOrderDto;

  @ApiPropertyOptional({ description: 'S12: the spell (from hand) to discard.', example: 'mend' })
  @SetupId()
  @Optional()
  discard?: string;
}
