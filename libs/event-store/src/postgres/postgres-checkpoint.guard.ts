import { CheckpointAheadOfStoreError } from '../errors/checkpoint-ahead-of-store.error';
import type { ReadAllOptions, ReadStreamOptions, RecordedEvent } from '../event-store.types';
import type { PagedReads } from '../common/subscription-over-reads';
import type { LocatedPrimary } from './postgres-primary';

/** The store's reads on a given server, and the figures a checkpoint is checked against there. */
export interface ReadsOnServer {
  locate(): Promise<LocatedPrimary>;
  readAllOn(located: LocatedPrimary, options: ReadAllOptions): Promise<RecordedEvent[]>;
  readStreamOn(located: LocatedPrimary, stream: string, options: ReadStreamOptions): Promise<RecordedEvent[]>;
  historyOn(located: LocatedPrimary, query: HistoryQuery): Promise<HistoryFigures>;
}

export interface HistoryQuery {
  /** The timeline this reader last read on (its checkpoint was valid there). */
  readOnTimeline: number | null;
  /** A position to look for in a recorded lost range. */
  position: number | null;
  stream: string | null;
}

export interface HistoryFigures {
  /** The store's last position now. */
  endPosition: number;
  /** The stream's last revision now (null: no such stream, or none asked). */
  endRevision: number | null;
  /** The earliest cut of the history since `readOnTimeline` (null: none recorded). */
  forkedAfter: number | null;
  /** Where the lost range holding `position` starts being lost (null: the position is not in one). */
  lostAfter: number | null;
}

/**
 * The reads of one subscription, checked before the first read on each server: that its checkpoint still exists
 * there. A subscription that read up to position 1000 on a primary that was lost, and goes on on a standby that had
 * received only up to 950, would otherwise wait for position 1001 while new events take 951 onwards — and skip
 * them without a word. Instead it fails with CheckpointAheadOfStoreError. On the first server, a checkpoint given
 * from outside (an SSE client's Last-Event-ID, a consumer's stored position) is checked against the store's end
 * and the lost ranges other instances recorded; on the next ones, the positions read before against where the
 * history was cut. Costs one small query per server, none per read.
 */
export class CheckpointGuard implements Pick<PagedReads, 'readAll' | 'readStream'> {
  private checkedOn: LocatedPrimary | undefined;
  private readOnTimeline: number | null = null;
  /** The position of the last event read (undefined: none read yet). */
  private lastPosition: number | undefined;

  constructor(private readonly reads: ReadsOnServer) {}

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const located = await this.reads.locate();
    await this.check(located, options.fromPosition, undefined);
    return this.noted(await this.reads.readAllOn(located, options));
  }

  async readStream(stream: string, options: ReadStreamOptions): Promise<RecordedEvent[]> {
    const located = await this.reads.locate();
    const from = options.from ?? 0;
    await this.check(located, undefined, from > 0 ? { stream, revision: from - 1 } : undefined);
    return this.noted(await this.reads.readStreamOn(located, stream, options));
  }

  private noted(events: RecordedEvent[]): RecordedEvent[] {
    for (const event of events) {
      if (this.lastPosition === undefined || event.position > this.lastPosition) this.lastPosition = event.position;
    }
    return events;
  }

  private async check(
    located: LocatedPrimary,
    fromPosition: number | undefined,
    revision: { stream: string; revision: number } | undefined,
  ): Promise<void> {
    if (this.checkedOn === located) return;
    const position = this.lastPosition ?? fromPosition;
    if (position !== undefined || revision !== undefined) {
      const movedOn = this.checkedOn !== undefined;
      const figures = await this.reads.historyOn(located, {
        readOnTimeline: movedOn ? this.readOnTimeline : null,
        position: position ?? null,
        stream: revision?.stream ?? null,
      });
      if (position !== undefined) {
        const kept = Math.min(figures.endPosition, movedOn ? (figures.forkedAfter ?? Infinity) : Infinity);
        if (position > kept) throw new CheckpointAheadOfStoreError(position, kept, 'position');
        if (figures.lostAfter !== null) throw new CheckpointAheadOfStoreError(position, figures.lostAfter, 'position');
      }
      if (revision !== undefined && (figures.endRevision === null || revision.revision > figures.endRevision)) {
        throw new CheckpointAheadOfStoreError(
          revision.revision,
          figures.endRevision ?? -1,
          'revision',
          revision.stream,
        );
      }
    }
    this.checkedOn = located;
    this.readOnTimeline = located.timeline;
  }
}
