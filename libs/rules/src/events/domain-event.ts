import type { Phase } from '../model/game-state';
import type { EventDataMap, EventType } from './event-vocabulary';
import { NumberedTextMemo } from '../model/numbered-text.memo';

/** docs/design.md. `prevHash`/`hash` are added by the store layer, not by the engine. */
export interface EventMetadata {
  gameId: string;
  /** `<gameId>@<revision>`: what `causationId` points at. */
  eventId: string;
  turn: number;
  phase: Phase;
  /** Pipeline step code (`D1`…`D4`, `E0`…`E3`) where the event is a pipeline step. */
  step?: string;
  /** The rule id (docs/rules.md) that produced the event. */
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

/**
 * Revision numbers as text (see NumberedTextMemo: the conversion is a large part of emitting an event). Up to a
 * million-event game: every revision beyond the bound would pay for the conversion again.
 */
const REVISIONS = new NumberedTextMemo('', 1 << 20);

/** The ids of one game's events, `<gameId>@<revision>`; the `<gameId>@` part is made once, not once per event. */
export class GameEventIds {
  private readonly prefix: string;

  constructor(gameId: string) {
    this.prefix = `${gameId}@`;
  }

  at(revision: number): string {
    return this.prefix + REVISIONS.text(revision);
  }
}

export function eventIdOf(gameId: string, revision: number): string {
  return new GameEventIds(gameId).at(revision);
}
