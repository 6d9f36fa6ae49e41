/**
 * Values JSON.stringify cannot write but a JSON text can hold, for forging stored content: a number beyond a
 * double's range (`1e400`, which reads back as Infinity) and nesting deeper than any recursive writer can go.
 * `storedJson` writes them; reading the text back (JSON.parse, a store's driver) gives what a reader meets.
 */
export class HugeNumber {
  constructor(readonly negative: boolean) {}
}

export class DeepNesting {
  constructor(readonly depth: number) {}
}

/** The JSON text of a value that may hold HugeNumber and DeepNesting: the forger's bytes. */
export function storedJson(value: unknown): string {
  return isWritable(value) ? JSON.stringify(value) : writtenByHand(value);
}

function writtenByHand(value: unknown): string {
  if (value instanceof HugeNumber) return value.negative ? '-1e400' : '1e400';
  if (value instanceof DeepNesting) return `${'['.repeat(value.depth)}${']'.repeat(value.depth)}`;
  if (Array.isArray(value)) return `[${value.map((item) => writtenByHand(item)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const fields = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${writtenByHand(item)}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a reader gets from the forger's bytes. */
export function readBack<T>(value: T): T {
  return JSON.parse(storedJson(value)) as T;
}

/** Whether a value holds nothing but what JSON.stringify writes (no HugeNumber, no DeepNesting). */
export function isWritable(value: unknown): boolean {
  if (value instanceof HugeNumber || value instanceof DeepNesting) return false;
  if (typeof value !== 'object' || value === null) return true;
  return (Array.isArray(value) ? value : Object.values(value)).every(isWritable);
}
