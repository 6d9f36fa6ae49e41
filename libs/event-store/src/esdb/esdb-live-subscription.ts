import { Observable } from 'rxjs';
import type { RecordedEvent } from '../event-store.types';
import type { EsdbLiveFeed } from './esdb-live-feed';

/** One page of a catch-up read after a checkpoint. */
export interface CatchUpPage {
  /** The events read, in order (before the subscription's own filter). */
  events: RecordedEvent[];
  /** How far the read got, past events it skipped (system events of `$all`); undefined: no further than `events`. */
  scannedTo?: number;
  /** The read reached the end of what is stored. */
  atEnd: boolean;
}

/** What one subscription reads and keeps: a stream (checkpoint = revision) or `$all` (checkpoint = position). */
export interface CatchUpSource {
  readAfter(checkpoint: number | undefined): Promise<CatchUpPage>;
  /** The checkpoint value of an event. */
  checkpointOf(event: RecordedEvent): number;
  /** The event belongs to what is read (the stream), so it moves the checkpoint. */
  covers(event: RecordedEvent): boolean;
  /** The subscriber wants it (its filter). */
  wants(event: RecordedEvent): boolean;
}

/**
 * A catch-up subscription of the esdb adapter: stored events read in bounded pages, then the live events of the
 * store's shared feed, every event after the checkpoint exactly once and in order.
 *
 * The switch to live: catch up by reading; join the feed, which from then on delivers every later commit (kept
 * aside for now); read once more from the checkpoint to the end; then deliver what the feed kept that is past the
 * checkpoint, and go live. An event committed before the last read is in that read; one committed after it was
 * committed after joining, so the feed has it; the checkpoint drops what is in both. Reading before joining keeps
 * what is set aside to the events of the last read's short time.
 */
export function esdbLiveSubscription(
  source: CatchUpSource,
  feed: EsdbLiveFeed,
  from: number | undefined,
  onStop: (complete: () => void) => () => void,
): Observable<RecordedEvent> {
  return new Observable<RecordedEvent>((subscriber) => {
    let checkpoint = from;
    let stopped = false;
    let setAside: RecordedEvent[] | null = [];
    let leave: (() => void) | undefined;

    const offer = (event: RecordedEvent) => {
      if (!source.covers(event)) return;
      if (checkpoint !== undefined && source.checkpointOf(event) <= checkpoint) return;
      checkpoint = source.checkpointOf(event);
      if (source.wants(event)) subscriber.next(event);
    };
    const stop = () => {
      stopped = true;
      leave?.();
      forget();
    };
    const forget = onStop(() => {
      stop();
      subscriber.complete();
    });
    const fail = (error: unknown) => {
      if (stopped) return;
      stop();
      subscriber.error(error);
    };
    const catchUp = async () => {
      for (;;) {
        const page = await source.readAfter(checkpoint);
        for (const event of page.events) {
          if (stopped) return;
          offer(event);
        }
        if (page.scannedTo !== undefined && (checkpoint === undefined || page.scannedTo > checkpoint)) {
          checkpoint = page.scannedTo;
        }
        if (page.atEnd || stopped) return;
      }
    };
    const run = async () => {
      await catchUp();
      if (stopped) return;
      const joined = await feed.join({
        event: (event) => {
          if (stopped) return;
          if (setAside) setAside.push(event);
          else offer(event);
        },
        failed: fail,
      });
      if (stopped) return joined();
      leave = joined;
      await catchUp();
      const kept = setAside ?? [];
      setAside = null;
      for (const event of kept) {
        if (stopped) return;
        offer(event);
      }
    };
    run().catch(fail);
    return stop;
  });
}
