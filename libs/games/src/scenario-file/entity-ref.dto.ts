import { Equals, IsNotEmpty, IsString } from 'class-validator';
import { ExactlyOneOf } from './class-rules.decorators';
import { Optional } from './field.decorators';

export const ENTITY_REF_KEYS = ['minion', 'group', 'structure', 'square', 'globe'] as const;

/**
 * An order's target or an active spell's host: one entity, as a one-key object (`{"minion": "M1"}`,
 * `{"globe": true}`). Ids are not checked for existence here: the rules do that, with the rule id.
 */
@ExactlyOneOf(ENTITY_REF_KEYS)
export class EntityRefDto {
  @IsNotEmpty()
  @IsString()
  @Optional()
  minion?: string;

  @IsNotEmpty()
  @IsString()
  @Optional()
  group?: string;

  @IsNotEmpty()
  @IsString()
  @Optional()
  structure?: string;

  @IsNotEmpty()
  @IsString()
  @Optional()
  square?: string;

  @Equals(true, { message: '$property must be true' })
  @Optional()
  globe?: true;
}
