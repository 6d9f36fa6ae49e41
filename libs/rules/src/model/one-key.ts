/**
 * The key of a one-key object (an action, an entity reference), or undefined for an empty one. for…in rather than
 * Object.keys: the engine asks this for every action and target, and it need not build the list of keys.
 */
export function onlyKey(object: object): string | undefined {
  for (const key in object) return key;
  return undefined;
}
