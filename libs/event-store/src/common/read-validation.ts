import type { ReadAllOptions, ReadStreamOptions } from '../event-store.types';

function assertCount(name: string, value: number | undefined, min: number): void {
  if (value !== undefined && (!Number.isSafeInteger(value) || value < min)) {
    throw new TypeError(`${name} must be an integer >= ${min}, got ${String(value)}`);
  }
}

export function assertValidReadStreamOptions(options: ReadStreamOptions): void {
  assertCount('from', options.from, 0);
  assertCount('maxCount', options.maxCount, 0);
  if (options.direction !== undefined && options.direction !== 'forwards' && options.direction !== 'backwards') {
    throw new TypeError(`direction must be 'forwards' or 'backwards', got ${String(options.direction)}`);
  }
}

export function assertValidReadAllOptions(options: ReadAllOptions): void {
  assertCount('fromPosition', options.fromPosition, 0);
  assertCount('maxCount', options.maxCount, 0);
}

export function assertCommandId(commandId: string): void {
  if (typeof commandId !== 'string' || commandId === '') {
    throw new TypeError(`commandId must be a non-empty string, got ${String(commandId)}`);
  }
}
