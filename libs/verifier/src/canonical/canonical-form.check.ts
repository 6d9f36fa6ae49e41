/**
 * How deep a stored event's data or metadata may nest. Far beyond any event the engine makes (a set-up's minion
 * traits, actions and summoned minions nest about a dozen levels), and far below what the readers that recurse
 * (canonical JSON, the comparison of the re-simulation, structuredClone) can take before their stack runs out.
 */
export const MAX_STORED_NESTING = 64;

type Pending = { value: unknown; depth: number };

/**
 * Whether a value has a canonical JSON form (RFC 8785): finite numbers, JSON's own types, bounded nesting. An
 * undefined member is left out of it, as JSON leaves it (the engine's own events, in hand, may carry one).
 */
function hasCanonicalForm(root: unknown): boolean {
  const stack: Pending[] = [{ value: root, depth: 0 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value, depth } = next;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return false;
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_STORED_NESTING) return false;
      for (const item of Array.isArray(value) ? value : Object.values(value))
        stack.push({ value: item, depth: depth + 1 });
    } else if (typeof value !== 'string' && typeof value !== 'boolean' && value !== null && value !== undefined) {
      return false;
    }
  }
  return true;
}

type Located = Pending & { path: string };

/** A path as deep as the bound is long to read: its start says where. */
function shortened(path: string): string {
  return path.length > 60 ? `${path.slice(0, 60)}…` : path;
}

/** The first value without a canonical form, with where it is: the slow path, taken once a check failed. */
function firstProblem(root: unknown, name: string): string {
  const stack: Located[] = [{ value: root, depth: 0, path: name }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value, depth, path } = next;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return `${path} is ${String(value)}: no JSON number can stand for it`;
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_STORED_NESTING) return `${shortened(path)} nests more than ${MAX_STORED_NESTING} levels deep`;
      const entries = Array.isArray(value)
        ? value.map((item, index) => [`${path}[${index}]`, item] as const)
        : Object.entries(value).map(([key, item]) => [`${path}.${key}`, item] as const);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [itemPath, item] = entries[i]!;
        stack.push({ value: item, depth: depth + 1, path: itemPath });
      }
    } else if (typeof value !== 'string' && typeof value !== 'boolean' && value !== null && value !== undefined) {
      return `${path} is not a JSON value`;
    }
  }
  return `${name} has no canonical form`;
}

/**
 * Why a value read back from a store or a file has no canonical JSON form, naming where (`data.amount is Infinity`,
 * a number `1e400` reads back as): null when it has one. Iterative, so no depth of nesting exhausts the stack; every
 * reader that recurses into stored content may do so once this said null.
 */
export function canonicalFormProblem(value: unknown, name: string): string | null {
  return hasCanonicalForm(value) ? null : firstProblem(value, name);
}
