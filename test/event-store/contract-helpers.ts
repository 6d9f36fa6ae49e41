import type { Observable, Subscription } from 'rxjs';
import type { NewEvent, RecordedEvent } from '@app/event-store';

/** A NewEvent with an envelope-like metadata, so round-trips cover realistic shapes. */
export function newEvent(type: string, data: unknown = {}, metadata: Record<string, unknown> = {}): NewEvent {
  return { type, data, metadata: { correlationId: 'c-1', schemaVersion: 1, ...metadata } };
}

/** `count` events `type` with data {i: offset + k}: distinct content per event (ESDB derives ids from content). */
export function batch(count: number, offset = 0, type = 'Counted', tag = ''): NewEvent[] {
  return Array.from({ length: count }, (_, k) => newEvent(type, { i: offset + k, tag }));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `condition` until true, or fails with `label` (and what was seen) after `timeoutMs`. */
export async function waitFor(condition: () => boolean, label: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await sleep(5);
  }
}

export interface Collected {
  events: RecordedEvent[];
  error: unknown;
  completed: boolean;
  subscription: Subscription;
}

/** Subscribes and records everything the observable delivers. */
export function collect(source: Observable<RecordedEvent>): Collected {
  const collected = { events: [] as RecordedEvent[], error: undefined as unknown, completed: false } as Collected;
  collected.subscription = source.subscribe({
    next: (event) => collected.events.push(event),
    error: (error: unknown) => (collected.error = error),
    complete: () => (collected.completed = true),
  });
  return collected;
}

export const range = (from: number, toInclusive: number) =>
  Array.from({ length: Math.max(0, toInclusive - from + 1) }, (_, k) => from + k);

export function uniquePrefix(): string {
  return `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
