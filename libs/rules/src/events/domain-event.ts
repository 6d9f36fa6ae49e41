import type { Phase } from '../model/game-state';
import type { EventDataMap, EventType } from './event-vocabulary';
import { NumberedTextMemo } from '../model/numbered-text.memo';

/** DESIGN.md "Event envelope". `prevHash`/`hash` are added by the store layer, not by the engine. */
export interface EventMetadata {
  gameId: string;
  /** `<gameId>@<revision>`: what `causationId` points at. */
  eventId: string;
  turn: number;
  phase: Phase;
  /** Pipeline step code (`D1`…`D4`, `E0`…`E3`) where the event is a pipeline step. */
  step?: string;
  /** The RULES.md id that produced the event. */
  rule: string;
  /** The event (or, for a command's first event, the command) that caused this one. */
  causationId: string;
  correlationId: string;
  commandId: string;
  schemaVersion: number;
}

export type DomainEvent<K extends EventType = EventType> = K extends EventType
  ? { type: K; data: EventDataMap[K]; metadata: EventMetadata }
  : never;

/** Revision numbers as text (see NumberedTextMemo: the conversion is a large part of emitting an event). */
const REVISIONS = new NumberedTextMemo('');

export function eventIdOf(gameId: string, revision: number): string {
  return `${gameId}@${REVISIONS.text(revision)}`;
}
