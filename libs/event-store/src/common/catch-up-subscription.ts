import { Observable } from 'rxjs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RecordedEvent } from '../event-store.types';
import type { ChangeNotifier } from './change-notifier';

export interface CatchUpSource {
  /**
   * The next events strictly after `checkpoint` (undefined: from the beginning), in order, at most `limit`.
   * Fewer than `limit` means "nothing more right now".
   */
  readAfter(checkpoint: number | undefined, limit: number): Promise<RecordedEvent[]>;
  /** The checkpoint value of an event (its revision for a stream, its position for `$all`). */
  checkpointOf(event: RecordedEvent): number;
  /** Optional extra predicate applied before delivery (the checkpoint still advances past rejected events). */
  accept?: (event: RecordedEvent) => boolean;
  notifier: ChangeNotifier;
  /** Turns a read failure into the error the subscriber sees. */
  mapError(error: unknown): unknown;
  /**
   * A store that can lose its server and get it back (postgres): once the subscription has read successfully, a
   * read that fails with an error this accepts (the store unavailable) is tried again from the same checkpoint
   * after `retryMs` or the next wake-up, whichever comes first, instead of ending the subscription. A first read
   * that fails still fails the subscription at once, so a new reader learns that the store is down.
   */
  outlast?: { isTransient(mappedError: unknown): boolean; retryMs: number };
}

/**
 * Catch-up then live, as ONE loop: read pages after the checkpoint until a short page, then sleep until the
 * notifier says something changed, and read again. Catch-up and live are the same read, so there is no switch-over
 * where an event could be missed or delivered twice; appends made during catch-up are simply read by a later page.
 * Between full pages the event loop turns, so a catch-up holds it for one page at a time.
 */
export function catchUpSubscription(
  source: CatchUpSource,
  from: number | undefined,
  pageSize = 500,
): Observable<RecordedEvent> {
  return new Observable<RecordedEvent>((subscriber) => {
    let checkpoint = from;
    let running = false;
    let dirty = false;
    let stopped = false;
    let readOnce = false;
    let retryTimer: NodeJS.Timeout | undefined;

    const pump = async (): Promise<void> => {
      dirty = true;
      if (running) return; // the running loop will read once more before sleeping
      running = true;
      try {
        while (dirty && !stopped) {
          dirty = false;
          for (;;) {
            const page = await source.readAfter(checkpoint, pageSize);
            readOnce = true;
            for (const event of page) {
              if (stopped) return;
              checkpoint = source.checkpointOf(event);
              if (!source.accept || source.accept(event)) subscriber.next(event);
            }
            if (page.length < pageSize || stopped) break;
            // A full page: let the event loop turn before the next (a store whose reads settle at once, such as
            // SQLite's, would otherwise hold it for the whole catch-up).
            await nextTurn();
            if (stopped) return;
          }
        }
      } catch (error) {
        if (!stopped) {
          const mapped = source.mapError(error);
          if (readOnce && source.outlast?.isTransient(mapped)) {
            clearTimeout(retryTimer);
            retryTimer = setTimeout(() => void pump(), source.outlast.retryMs);
            retryTimer.unref();
            return;
          }
          stopped = true;
          stopListening();
          subscriber.error(mapped);
        }
      } finally {
        running = false;
      }
    };

    const stopListening = source.notifier.listen({
      onChange: () => void pump(),
      onClose: () => {
        stopped = true;
        clearTimeout(retryTimer);
        subscriber.complete();
      },
    });
    void pump();

    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      stopListening();
    };
  });
}
