/**
 * The one pattern for names a set-up gives (entities, squares, spell keys, game ids): a letter, then up to 63
 * letters, digits, `_` or `-`. No dot, so a given id never collides with a created one, and no `__proto__`.
 */
export const SETUP_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * What orders and references may name: a set-up id, or an id the engine created (`minion.7`, `order.12`): a set-up
 * id, a dot and a number.
 */
export const ENTITY_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}(?:\.[0-9]{1,9})?$/;

export const SETUP_ID_RULE = 'a letter, then up to 63 letters, digits, _ or -';
export const ENTITY_ID_RULE = `${SETUP_ID_RULE}, optionally followed by a dot and a number (minion.7)`;

export function isSetupId(value: unknown): value is string {
  return typeof value === 'string' && SETUP_ID.test(value);
}

export function isEntityId(value: unknown): value is string {
  return typeof value === 'string' && ENTITY_ID.test(value);
}
