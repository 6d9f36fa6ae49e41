import type { Phase } from '../model/game-state';
import type { EventDataMap, EventType } from './event-vocabulary';

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

export function eventIdOf(gameId: string, revision: number): string {
  return `${gameId}@${revision}`;
}
