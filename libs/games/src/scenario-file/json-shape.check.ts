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

/**
 * What a JSON input must not be, whatever its schema: nested deeper than MAX_JSON_DEPTH, or using a reserved key
 * (as a field or as a map key). Returns problems as `path: message`; stops at the first too-deep branch.
 */
export function jsonShapeProblems(json: unknown, path = '', depth = 0): string[] {
  if (json === null || typeof json !== 'object') return [];
  const where = path === '' ? '(body)' : path;
  if (depth >= MAX_JSON_DEPTH) return [`${where} nests deeper than ${MAX_JSON_DEPTH} levels`];
  if (Array.isArray(json)) return json.flatMap((element, i) => jsonShapeProblems(element, `${path}[${i}]`, depth + 1));
  return Object.keys(json).flatMap((key) => {
    const field = path === '' ? key : `${path}.${key}`;
    if (isReservedKey(key)) return [`${field} is not an allowed field (reserved name)`];
    return jsonShapeProblems((json as Record<string, unknown>)[key], field, depth + 1);
  });
}
