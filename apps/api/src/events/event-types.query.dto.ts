import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, Matches } from 'class-validator';
import { Optional } from '@app/games/scenario-file/field.decorators';
import { ToList } from '../validation/query-transforms';

/** An event type name as the vocabulary spells them (`GarbageCollected`). */
export const EVENT_TYPE_NAME = /^[A-Za-z][A-Za-z0-9]{0,99}$/;

/** `?types=A,B`: only events of these types (shared by the event list and both streams). */
export class EventTypesQueryDto {
  @ApiPropertyOptional({
    description: 'Only events of these types, comma-separated (e.g. `MinionDied,SpellSquandered`).',
    type: 'string',
    example: 'MinionDied,SpellSquandered',
  })
  @Matches(EVENT_TYPE_NAME, { each: true, message: 'types must be event type names like MinionDied' })
  @ArrayMaxSize(100)
  @ArrayNotEmpty()
  @IsArray()
  @ToList()
  @Optional()
  types?: string[];
}
