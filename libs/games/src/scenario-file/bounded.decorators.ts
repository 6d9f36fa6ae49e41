import { ArrayMaxSize, IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { ENTITY_ID, ENTITY_ID_RULE, SETUP_ID, SETUP_ID_RULE, SETUP_LIMITS } from '@app/rules';
import { compose } from './field.decorators';

/**
 * The bounds of SETUP_LIMITS and the id patterns of model/ids.ts, checked at the edge so that a body or a file is
 * refused with the path of the field (400, exit 2); the rules check them again, for every other caller.
 */

/** A whole number from `min` (0) to SETUP_LIMITS.amount. */
export const Amount = (min = 0): PropertyDecorator => compose(Max(SETUP_LIMITS.amount), Min(min), IsInt());

/** A change to a stat or to the damage: −SETUP_LIMITS.amount to +SETUP_LIMITS.amount. */
export const Change = (): PropertyDecorator => compose(Max(SETUP_LIMITS.amount), Min(-SETUP_LIMITS.amount), IsInt());

/** A name a set-up gives: an entity, a square, a spell key. */
export const SetupId = (each = false): PropertyDecorator =>
  compose(Matches(SETUP_ID, { each, message: `$property must be an id: ${SETUP_ID_RULE}` }), IsString({ each }));

/** An id an order names: of the set-up or created by the engine (minion.7). */
export const EntityId = (): PropertyDecorator =>
  compose(Matches(ENTITY_ID, { message: `$property must be an id: ${ENTITY_ID_RULE}` }), IsString());

/** A name, a minion's class, a square's terrain. */
export const Text = (): PropertyDecorator => compose(MaxLength(SETUP_LIMITS.text), IsString());

/** A list of at most `max` entries. */
export const AtMost = (max: number): PropertyDecorator => ArrayMaxSize(max);
