/** Deeper than any set-up or order needs; deep enough nesting otherwise overflows the validators' recursion. */
export const MAX_JSON_DEPTH = 32;

/**
 * Keys no input may use: the prototype-pollution names, and every name Object.prototype has (`toString`,
 * `hasOwnProperty`…). class-transformer and Nest strip or skip those silently, so without this check they would
 * be neither validated nor refused.
 */
export function isReservedKey(key: string): boolean {
  return key === '__proto__' || key === 'prototype' || key in Object.prototype;
}

/** Where a value is in the input, kept as a chain and spelled out only for a problem (most inputs have none). */
interface Place {
  parent: Place | null;
  key: string | number;
}

function pathOf(place: Place): string {
  const keys: (string | number)[] = [];
  for (let at: Place | null = place; at !== null; at = at.parent) keys.push(at.key);
  return keys
    .reverse()
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`))
    .join('');
}

/** A value still to look at, or a reserved key to report when its turn comes (so problems keep the input's order). */
type Step = { value: unknown; place: Place | null; depth: number } | { reserved: Place };

/**
 * What a JSON input must not be, whatever its schema: nested deeper than MAX_JSON_DEPTH, or using a reserved key
 * (as a field or as a map key). Returns problems as `path: message`, in the input's order; a branch nested too
 * deep is reported once, at its first level too deep. One step per value, without recursion.
 */
export function jsonShapeProblems(json: unknown): string[] {
  const problems: string[] = [];
  const stack: Step[] = [{ value: json, place: null, depth: 0 }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if ('reserved' in step) {
      problems.push(`${pathOf(step.reserved)} is not an allowed field (reserved name)`);
      continue;
    }
    const { value, place, depth } = step;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) {
      problems.push(`${place === null ? '(body)' : pathOf(place)} nests deeper than ${MAX_JSON_DEPTH} levels`);
      continue;
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) {
        stack.push({ value: value[i], place: { parent: place, key: i }, depth: depth + 1 });
      }
      continue;
    }
    for (const key of Object.keys(value).reverse()) {
      const child = { parent: place, key };
      if (isReservedKey(key)) stack.push({ reserved: child });
      else stack.push({ value: (value as Record<string, unknown>)[key], place: child, depth: depth + 1 });
    }
  }
  return problems;
}
