import type { GameState } from './game-state';

/**
 * A record keyed by ids that come from outside (set-ups, orders). It has no prototype, so that no id finds or
 * changes anything but its own entry: "constructor" is just an id, and "__proto__" an ordinary key.
 */
export function idRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** The same entries in a record without a prototype (from parsed JSON, or a set-up's own object). */
export function asIdRecord<T>(record: Record<string, T>): Record<string, T> {
  const result = idRecord<T>();
  for (const [key, value] of Object.entries(record)) result[key] = value;
  return result;
}

/** The id-keyed records of a state. */
export const ID_RECORDS = [
  'spells',
  'terrains',
  'minions',
  'groups',
  'structures',
  'squares',
  'activeSpells',
  'orders',
  'casualties',
] as const satisfies readonly (keyof GameState)[];

/**
 * A state read back from JSON (a snapshot) or copied by structuredClone, which both give records a prototype: its
 * id-keyed records are made prototype-free again, as the engine keeps them. Changes the object given and returns it.
 */
export function restoredState(state: GameState): GameState {
  const records = state as unknown as Record<(typeof ID_RECORDS)[number], Record<string, unknown>>;
  for (const name of ID_RECORDS) records[name] = asIdRecord(records[name]);
  return state;
}
