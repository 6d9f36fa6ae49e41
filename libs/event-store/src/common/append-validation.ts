import { WrongExpectedRevisionError } from '../errors/wrong-expected-revision.error';
import type { AppendResult, ExpectedRevision, NewEvent } from '../event-store.types';

/** A NewEvent with data and metadata already serialised, so every adapter stores exactly the same JSON. */
export interface SerialisedEvent {
  type: string;
  data: string;
  metadata: string;
}

/** Rejects programming errors (not concurrency problems) before anything touches the store. */
function assertValidStreamName(stream: string): void {
  if (typeof stream !== 'string' || stream.length === 0) throw new TypeError('stream name must be a non-empty string');
}

function assertValidExpectedRevision(expected: ExpectedRevision): void {
  if (expected === 'any' || expected === 'no-stream') return;
  if (!Number.isSafeInteger(expected) || expected < 0) {
    throw new TypeError(`expected revision must be 'any', 'no-stream' or a revision >= 0, got ${String(expected)}`);
  }
}

/** Validates and serialises a batch; JSON.stringify is the single definition of "JSON data" for all adapters. */
function serialiseEvents(events: readonly NewEvent[]): SerialisedEvent[] {
  if (!Array.isArray(events)) throw new TypeError('events must be an array');
  return events.map((event, index) => {
    if (typeof event?.type !== 'string' || event.type.length === 0) {
      throw new TypeError(`event #${index}: type must be a non-empty string`);
    }
    const metadata = event.metadata ?? {};
    if (typeof metadata !== 'object' || Array.isArray(metadata)) {
      throw new TypeError(`event #${index} (${event.type}): metadata must be an object`);
    }
    const data = JSON.stringify(event.data);
    if (data === undefined) throw new TypeError(`event #${index} (${event.type}): data must be JSON (got undefined)`);
    return { type: event.type, data, metadata: JSON.stringify(metadata) };
  });
}

/** An append's arguments once validated, its events serialised: what every adapter writes. */
export interface SerialisedAppend {
  stream: string;
  events: SerialisedEvent[];
  expected: ExpectedRevision;
}

/** Validates all of an append's arguments before anything touches the store, and serialises its events. */
export function serialiseAppend(
  stream: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
): SerialisedAppend {
  assertValidStreamName(stream);
  assertValidExpectedRevision(expected);
  return { stream, events: serialiseEvents(events), expected };
}

/** Throws WrongExpectedRevisionError unless the stream's current last revision (null: no stream) is expected. */
export function checkExpectedRevision(stream: string, expected: ExpectedRevision, current: number | null): void {
  const ok = expected === 'any' || (expected === 'no-stream' ? current === null : current === expected);
  if (!ok) throw new WrongExpectedRevisionError(stream, expected, current ?? 'no-stream');
}

/** The AppendResult for `positions.length` events written after `current` (null: the stream did not exist). */
export function appendResultFor(current: number | null, positions: number[]): AppendResult {
  const firstRevision = (current ?? -1) + 1;
  const lastRevision = firstRevision + positions.length - 1;
  return {
    nextExpectedRevision: lastRevision >= 0 ? lastRevision : 'no-stream',
    firstRevision,
    lastRevision,
    positions,
  };
}
