/**
 * JSON bodies the fuzz test sends: plain values, plus text JSON.stringify cannot produce (`1e400`, `-0`, nesting
 * deeper than a recursive serialiser survives) and own `__proto__` keys, which an object literal would not create.
 */

/** JSON text put into a body as it is. */
export class RawJson {
  constructor(readonly text: string) {}
}

export type JsonLike = null | boolean | number | string | RawJson | JsonLike[] | { [key: string]: JsonLike };

/** `{[key]: value}` with `key` as an own, enumerable property, even `__proto__`. */
export function ownKey(key: string, value: JsonLike, into: Record<string, JsonLike> = {}): Record<string, JsonLike> {
  Object.defineProperty(into, key, { value, enumerable: true, writable: true, configurable: true });
  return into;
}

export function toJsonText(value: JsonLike): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .map((key) => `${JSON.stringify(key)}:${toJsonText(value[key])}`)
      .join(',')}}`;
  }
  // JSON.stringify turns NaN and Infinity into null, as a client's serialiser would.
  return JSON.stringify(value);
}

/** A deep copy that keeps own `__proto__` keys and RawJson leaves. */
export function copyJson(value: JsonLike): JsonLike {
  if (value instanceof RawJson || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const copy: Record<string, JsonLike> = {};
  for (const key of Object.keys(value)) ownKey(key, copyJson(value[key]), copy);
  return copy;
}

/** One change to a valid body: which place (picked among all of them), and what happens there. */
export type Mutation =
  | { op: 'delete'; pick: number }
  | { op: 'replace'; pick: number; value: JsonLike }
  | { op: 'add'; pick: number; key: string; value: JsonLike };

type Container = JsonLike[] | Record<string, JsonLike>;

/** Every place in a value: each container with each of its keys (the root with no key stands for the root). */
function placesOf(value: JsonLike): { container: Container; key: string | number }[] {
  const places: { container: Container; key: string | number }[] = [];
  const walk = (node: JsonLike) => {
    if (node instanceof RawJson || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        places.push({ container: node, key: index });
        walk(item);
      });
    } else {
      for (const key of Object.keys(node)) {
        places.push({ container: node, key });
        walk(node[key]);
      }
    }
  };
  walk(value);
  return places;
}

function containersOf(value: JsonLike): Container[] {
  const found: Container[] = [];
  const walk = (node: JsonLike) => {
    if (node instanceof RawJson || node === null || typeof node !== 'object') return;
    found.push(node);
    for (const child of Array.isArray(node) ? node : Object.values(node)) walk(child);
  };
  walk(value);
  return found;
}

/** Applies the mutations in turn to a copy of `value` (a place that no longer exists is simply skipped). */
export function mutate(value: JsonLike, mutations: readonly Mutation[]): JsonLike {
  let root = copyJson(value);
  for (const mutation of mutations) {
    if (mutation.op === 'add') {
      const containers = containersOf(root);
      if (containers.length === 0) continue;
      const container = containers[mutation.pick % containers.length];
      if (Array.isArray(container)) container.push(mutation.value);
      else ownKey(mutation.key, mutation.value, container);
      continue;
    }
    const places = placesOf(root);
    if (places.length === 0) {
      if (mutation.op === 'replace') root = mutation.value;
      continue;
    }
    const { container, key } = places[mutation.pick % places.length];
    if (mutation.op === 'replace') {
      if (Array.isArray(container)) container[key as number] = mutation.value;
      else ownKey(key as string, mutation.value, container);
    } else if (Array.isArray(container)) {
      container.splice(key as number, 1);
    } else {
      delete container[key as string];
    }
  }
  return root;
}
