/** Characters of JSON that weigh as much as one event on a command's budget [A]. */
export const CHARACTERS_PER_EVENT = 512;

const WEIGHTS = new WeakMap<object, number>();

/**
 * [A] What a definition copied into an event (a trigger's action, a created minion) adds to its command's event
 * budget: one event's worth per CHARACTERS_PER_EVENT characters of its JSON, so that a budget of events bounds the
 * command's size too. Definitions are shared objects, so each is measured once.
 */
export function definitionWeight(definition: object): number {
  let weight = WEIGHTS.get(definition);
  if (weight === undefined) {
    weight = Math.floor(JSON.stringify(definition).length / CHARACTERS_PER_EVENT);
    WEIGHTS.set(definition, weight);
  }
  return weight;
}
