import type { RecordedEvent } from '@app/event-store';
import type { DomainEvent, EventDataMap, EventMetadata, EventType } from '@app/rules';
import type { GameEventLine } from './game-event-line';

/**
 * A stored event's metadata: the engine's envelope, the chain's links (hash-chain.ts), on a game's first event the
 * secret that keys its chain (chain-secret.ts), and on a fork's copied events where they come from
 * (fork-provenance.ts). A mapped type rather than an interface, so that it is also a
 * plain record of fields (what a line carries).
 */
export type StoredEventMetadata = { [K in keyof EventMetadata]: EventMetadata[K] } & {
  prevHash?: string;
  hash?: string;
  chainSecret?: string;
  forkedFrom?: string;
  forkedAt?: number;
};

/**
 * A game event as the store holds it: the engine's event of its type (a union narrowed by `type`), with its
 * revision and chained metadata.
 */
export type StoredGameEvent<K extends EventType = EventType> = K extends EventType
  ? { revision: number; type: K; data: EventDataMap[K]; metadata: StoredEventMetadata }
  : never;

/**
 * The one place where an event read from a game stream (or a line exported from one) becomes a line, and takes its
 * type: a game stream holds only what the engine emitted and the service chained. Whoever doubts that — the audit,
 * which must find a forged store out — takes it as the untyped GameEventLine it also is.
 */
export function storedGameEvent(event: RecordedEvent | GameEventLine): StoredGameEvent {
  const { revision, type, data, metadata } = event;
  return { revision, type, data, metadata } as StoredGameEvent;
}

/**
 * The same trust, for a fold or a projection that reads each event once and keeps nothing of it: the recorded event
 * itself, seen as the engine's event of its type, without the copy a line costs.
 */
export function asDomainEvent(event: RecordedEvent | GameEventLine): DomainEvent {
  return event as unknown as DomainEvent;
}
