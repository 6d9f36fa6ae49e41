import type { DomainEvent, EventMetadata } from '../events/domain-event';
import type { EventDataMap, EventType } from '../events/event-vocabulary';

/**
 * A partial value, as docs/testing.md ("Expectation files") describes: an object matches when
 * every field the pattern gives matches (fields left out are not checked), an array must have the same length
 * and match element by element, `null` also matches a missing field, anything else must be equal.
 */
export type Pattern<T> = T extends readonly (infer U)[]
  ? readonly Pattern<U>[]
  : T extends object
    ? { [P in keyof T]?: Pattern<T[P]> | null }
    : T | null;

/** `{type, data?, metadata?}`: matches an event of that type whose data and metadata hold the pattern's fields. */
export type EventPattern<K extends EventType = EventType> = K extends EventType
  ? { type: K; data?: Pattern<EventDataMap[K]>; metadata?: Pattern<EventMetadata> }
  : never;

/** A typed event pattern: `event('DamageApplied', { hpAfter: 0 }, { rule: 'D4', step: 'D4' })`. */
export function event<K extends EventType>(
  type: K,
  data?: Pattern<EventDataMap[K]>,
  metadata?: Pattern<EventMetadata>,
): EventPattern<K> {
  return {
    type,
    ...(data === undefined ? {} : { data }),
    ...(metadata === undefined ? {} : { metadata }),
  } as EventPattern<K>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Partial matching of a value against a pattern (see `Pattern`). */
export function matches(actual: unknown, pattern: unknown): boolean {
  if (pattern === undefined) return true;
  if (pattern === null) return actual === null || actual === undefined;
  if (Array.isArray(pattern)) {
    return (
      Array.isArray(actual) && actual.length === pattern.length && pattern.every((item, i) => matches(actual[i], item))
    );
  }
  if (isRecord(pattern)) {
    return isRecord(actual) && Object.keys(pattern).every((key) => matches(actual[key], pattern[key]));
  }
  return Object.is(actual, pattern);
}

export function matchesEvent(actual: DomainEvent, pattern: EventPattern): boolean {
  return (
    actual.type === pattern.type && matches(actual.data, pattern.data) && matches(actual.metadata, pattern.metadata)
  );
}

/** The revision an event was recorded at, read from its `eventId` (`<gameId>@<revision>`). */
export function revisionOf(actual: DomainEvent): number {
  return Number(actual.metadata.eventId.slice(actual.metadata.eventId.lastIndexOf('@') + 1));
}

/**
 * Where the patterns match the events in order, other events allowed in between (a subsequence), or the first
 * pattern that could not be found.
 */
export function findSequence(
  events: readonly DomainEvent[],
  patterns: readonly EventPattern[],
): { found: number[] } | { missing: number; after: number } {
  const found: number[] = [];
  let from = 0;
  for (const [i, pattern] of patterns.entries()) {
    const at = events.findIndex((candidate, index) => index >= from && matchesEvent(candidate, pattern));
    if (at < 0) return { missing: i, after: from - 1 };
    found.push(at);
    from = at + 1;
  }
  return { found };
}

/** Where the patterns match a run of consecutive events, or -1. */
export function findConsecutive(events: readonly DomainEvent[], patterns: readonly EventPattern[]): number {
  for (let start = 0; start + patterns.length <= events.length; start += 1) {
    if (
      patterns.every((pattern, i) => {
        const event = events[start + i];
        return event !== undefined && matchesEvent(event, pattern);
      })
    )
      return start;
  }
  return -1;
}

/** One event on one line, for failure messages: `#12 ArmorSoaked {…} [D2/D2]`. */
export function describeEvent(actual: DomainEvent): string {
  const { rule, step } = actual.metadata;
  return `#${revisionOf(actual)} ${actual.type} ${JSON.stringify(actual.data)} [${rule}${step ? `/${step}` : ''}]`;
}

export function describeEvents(events: readonly DomainEvent[]): string {
  return events.length === 0 ? '  (no events)' : events.map((e) => `  ${describeEvent(e)}`).join('\n');
}

/**
 * Deep structural equality as Jest's `toEqual` sees it (a field holding `undefined` equals a missing field).
 * Returns null when equal, otherwise the path of the first difference.
 */
export function firstDifference(a: unknown, b: unknown, path = '$'): string | null {
  if (Object.is(a, b)) return null;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return path;
    if (a.length !== b.length) return `${path}.length (${a.length} ≠ ${b.length})`;
    for (let i = 0; i < a.length; i += 1) {
      const difference = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (difference !== null) return difference;
    }
    return null;
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const difference = firstDifference(a[key], b[key], `${path}.${key}`);
      if (difference !== null) return difference;
    }
    return null;
  }
  return `${path} (${JSON.stringify(a)} ≠ ${JSON.stringify(b)})`;
}
