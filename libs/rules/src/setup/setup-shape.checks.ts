import { reject } from '../commands/command-rejected.error';
import { SETUP_ID_RULE, isSetupId } from '../model/ids';
import { MANA_TYPES } from '../model/mana';
import { SETUP_LIMITS } from './setup-limits';

/*
 * The engine's own checks of a set-up's shape: a value is an object, a list of at most so many entries, a whole
 * number within its bounds, one of the allowed words, a text, an id. At the service's doors (POST /games, a
 * scenario file read by the CLI) the DTOs of libs/games have already said the same, with every problem at once;
 * the engine says it again because it is total: tests, the property suites, the audit's re-simulation and an
 * imported file call it with set-ups no DTO has seen, and none may make a turn impossible. Each refuses with a
 * CommandRejected ('invalid') naming the field.
 */

export type Json = Record<string, unknown>;

export function invalid(field: string, reason: string, rule: string | null = null): never {
  return reject('invalid', rule, reason, field);
}

export function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function object(value: unknown, field: string): Json {
  if (!isObject(value)) invalid(field, 'must be an object');
  return value;
}

export function list(value: unknown, field: string, max: number, rule: string | null = null): unknown[] {
  if (!Array.isArray(value)) invalid(field, 'must be a list');
  if (value.length > max) invalid(field, `holds at most ${max} entries, not ${value.length}`, rule);
  return value;
}

/** A whole number within [min, max] (SETUP_LIMITS.amount unless told). */
export function wholeNumber(value: unknown, field: string, min: number, max: number = SETUP_LIMITS.amount): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const shown = typeof value === 'number' || typeof value === 'boolean' ? String(value) : typeof value;
    invalid(field, `must be a whole number from ${min} to ${max}, not ${shown}`);
  }
}

/** A change to a stat or to the damage: −amount to +amount. */
export function change(value: unknown, field: string): void {
  wholeNumber(value, field, -SETUP_LIMITS.amount);
}

export function optionalBoolean(value: unknown, field: string): void {
  if (value !== undefined && typeof value !== 'boolean') invalid(field, 'must be true or false');
}

export function oneOf<T>(value: unknown, allowed: readonly T[], field: string, rule: string | null = null): T {
  if (!allowed.includes(value as T)) invalid(field, `must be one of ${allowed.join(', ')}`, rule);
  return value as T;
}

export function text(value: unknown, field: string): void {
  if (typeof value !== 'string' || value.length > SETUP_LIMITS.text) {
    invalid(field, `must be a text of at most ${SETUP_LIMITS.text} characters`);
  }
}

export function setupId(value: unknown, field: string): string {
  if (!isSetupId(value)) invalid(field, `must be an id: ${SETUP_ID_RULE}`);
  return value;
}

export function manaPool(value: unknown, field: string): void {
  for (const [type, amount] of Object.entries(object(value, field))) {
    if (!MANA_TYPES.includes(type as never)) invalid(`${field}.${type}`, 'is not a mana type', 'B6');
    wholeNumber(amount, `${field}.${type}`, 0);
  }
}
