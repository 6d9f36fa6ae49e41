import { Equals } from 'class-validator';
import { ExactlyOneOf } from './class-rules.decorators';
import { EntityId, SetupId } from './bounded.decorators';
import { Optional } from './field.decorators';

export const ENTITY_REF_KEYS = ['minion', 'group', 'structure', 'square', 'globe'] as const;

/**
 * An order's target or an active spell's host: one entity, as a one-key object (`{"minion": "M1"}`,
 * `{"globe": true}`). Ids are not checked for existence here: the rules do that, with the rule id.
 */
@ExactlyOneOf(ENTITY_REF_KEYS)
export class EntityRefDto {
  @EntityId()
  @Optional()
  minion?: string;

  @EntityId()
  @Optional()
  group?: string;

  @EntityId()
  @Optional()
  structure?: string;

  @SetupId()
  @Optional()
  square?: string;

  @Equals(true, { message: '$property must be true' })
  @Optional()
  globe?: true;
}
