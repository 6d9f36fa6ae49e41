import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, type ValidationArguments } from 'class-validator';
import { DESCRIBED_EVENT_TYPES, REDACTED, Optional } from '@app/games';
import { ToList } from '../validation/query-transforms';

/**
 * The types `?types=` may name: the vocabulary's, and `Redacted`, which hidden events are to a viewer who may not
 * see them. All public (the vocabulary is documented), so naming them in a refusal tells a player nothing of a game.
 */
export const QUERYABLE_EVENT_TYPES: readonly string[] = [...DESCRIBED_EVENT_TYPES, REDACTED];

function unknownTypesMessage({ value }: ValidationArguments): string {
  const unknown = (Array.isArray(value) ? value : [value]).filter((type) => !QUERYABLE_EVENT_TYPES.includes(type));
  const named = unknown.map((type) => JSON.stringify(String(type).slice(0, 100))).join(', ');
  return `types names no such event type (${named}); the event types are ${QUERYABLE_EVENT_TYPES.join(', ')}`;
}

/** `?types=A,B`: only events of these types (shared by the event list and both streams). */
export class EventTypesQueryDto {
  @ApiPropertyOptional({
    description: 'Only events of these types, comma-separated (e.g. `MinionDied,SpellSquandered`).',
    type: 'string',
    example: 'MinionDied,SpellSquandered',
  })
  // An unknown type is a mistake (`MinionDead`), not a filter that matches nothing: it would answer "no events".
  @IsIn(QUERYABLE_EVENT_TYPES, { each: true, message: unknownTypesMessage })
  @ArrayMaxSize(100)
  @ArrayNotEmpty()
  @IsArray()
  @ToList()
  @Optional()
  types?: string[];
}
