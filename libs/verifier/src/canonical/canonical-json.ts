/** Characters JSON.stringify would escape in a string (quotes, backslash, controls, any surrogate). */
// eslint-disable-next-line no-control-regex -- the control characters are exactly what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function quoted(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/**
 * Canonical JSON (RFC 8785: keys sorted by UTF-16 code units, ECMAScript number form), the exact output of the
 * `canonicalize` package — every stored hash depends on it, so this must never differ from it by one byte (see
 * canonical-json.spec.ts). Written out because the package's reduce and template strings made canonicalising
 * the dominant cost of chaining a turn's events: plain strings and numbers skip JSON.stringify here.
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return quoted(value);
    case 'number':
      if (Number.isNaN(value)) throw new Error('NaN is not allowed');
      if (!Number.isFinite(value)) throw new Error('Infinity is not allowed');
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      // undefined, functions, symbols, bigints: whatever JSON.stringify makes of them, as the package does.
      return JSON.stringify(value);
  }
  if (value === null) return 'null';
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (toJSON instanceof Function) return canonicalJson((toJSON as () => unknown).call(value));
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i += 1) {
      const item: unknown = value[i];
      if (i > 0) out += ',';
      out += canonicalJson(item === undefined || typeof item === 'symbol' ? null : item);
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  for (const key of keys) {
    const item = record[key];
    if (item === undefined || typeof item === 'symbol') continue;
    if (out.length > 1) out += ',';
    out += `${quoted(key)}:${canonicalJson(item)}`;
  }
  return `${out}}`;
}
