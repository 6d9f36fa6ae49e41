import type { RecordedEvent } from '@app/event-store';

export const SCHEDULED = 'GarbageCollectionScheduled';
export const COLLECTED = 'GarbageCollected';

/**
 * The collections scheduled and not yet seen collected, by game and turn, as the global stream tells them (whoever
 * carried them out), and how far the stream has been read. The safe checkpoint is a position at or after which
 * every collection still pending was scheduled: a scheduler that starts again there misses none.
 */
export class PendingCollections {
  private readonly pending = new Map<string, RecordedEvent>();
  private seen: number | undefined;

  constructor(from: number | undefined) {
    this.seen = from;
  }

  /** Notes one event of the stream; returns the scheduled event if it is a new pending collection. */
  note(event: RecordedEvent): RecordedEvent | null {
    this.seen = event.position;
    const key = `${event.stream}/${String((event.data as { turn?: unknown } | null)?.turn)}`;
    if (event.type === SCHEDULED) {
      if (this.pending.has(key)) return null;
      this.pending.set(key, event);
      return event;
    }
    if (event.type === COLLECTED) this.pending.delete(key);
    return null;
  }

  /** Moves the read position past an event that could not be read (a damaged row). */
  skip(position: number): void {
    if (this.seen === undefined || position > this.seen) this.seen = position;
  }

  get size(): number {
    return this.pending.size;
  }

  /** The position reading resumes after (exclusive), e.g. after a lost subscription. */
  get readPosition(): number | undefined {
    return this.seen;
  }

  /**
   * An exclusive position such that every pending collection was scheduled after it: the earliest pending one's
   * position − 1, or how far the stream has been read when none is pending.
   */
  get safeCheckpoint(): number | undefined {
    let earliest: number | undefined;
    for (const event of this.pending.values()) {
      if (earliest === undefined || event.position < earliest) earliest = event.position;
    }
    return earliest === undefined ? this.seen : earliest - 1;
  }
}
