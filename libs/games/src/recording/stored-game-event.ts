import { DamagedEventError, type RecordedEvent } from '@app/event-store';
import type { DomainEvent, EventDataMap, EventMetadata, EventType } from '@app/rules';
import type { GameEventLine } from './game-event-line';
import { storedEventProblem } from '@app/verifier';

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
 * The store boundary of a game stream: the one place where an event read back becomes a typed event, once it is
 * found to be one of the vocabulary (stored-event.check.ts). Stored content is input like any other: a row that
 * cannot be read, or is not of its type's shape, is a DamagedEventError naming the revision and why, for its reader
 * to report (a game's own doors) or pass over with a stand-in (the doors of every game). Whoever must tell a forged
 * store in detail — the audit — asks storedEventProblem itself and reads on.
 */
export function storedGameEvent(event: RecordedEvent): StoredGameEvent {
  const { stream, revision, position, type, data, metadata } = event;
  if (event.damage !== undefined) throw new DamagedEventError(stream, revision, position, event.damage);
  const problem = storedEventProblem(event);
  if (problem !== null) throw new DamagedEventError(stream, revision, position, problem.reason);
  return { revision, type, data, metadata } as StoredGameEvent;
}

/** For a reader that passes over a damaged event rather than stop at it: what is wrong with it, or null. */
export function damageOf(event: RecordedEvent): DamagedEventError | null {
  try {
    storedGameEvent(event);
    return null;
  } catch (error) {
    if (error instanceof DamagedEventError) return error;
    throw error;
  }
}

/** The engine's event a checked stored event is (the envelope is the engine's, with the chain's fields beside it). */
export function asDomainEvent(event: StoredGameEvent): DomainEvent {
  return event as unknown as DomainEvent;
}

/** A line read from elsewhere than a store (a file) that is no event of the vocabulary: its revision, and why. */
export class DamagedLineError extends Error {
  override readonly name = 'DamagedLineError';

  constructor(
    readonly revision: number,
    readonly reason: string,
  ) {
    super(`event ${revision} is damaged: ${reason}`);
  }
}

/**
 * The same boundary for an event line that comes from elsewhere — an exported file, the engine's own output: the
 * typed event, or a DamagedLineError naming its revision and why.
 */
export function gameEventOfLine(line: GameEventLine): StoredGameEvent {
  const problem = storedEventProblem(line);
  if (problem !== null) throw new DamagedLineError(line.revision, problem.reason);
  const { revision, type, data, metadata } = line;
  return { revision, type, data, metadata } as StoredGameEvent;
}
