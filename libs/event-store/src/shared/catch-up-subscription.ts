import { Observable } from 'rxjs';
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
}

/**
 * Catch-up then live, as ONE loop: read pages after the checkpoint until a short page, then sleep until the
 * notifier says something changed, and read again. Catch-up and live are the same read, so there is no switch-over
 * where an event could be missed or delivered twice; appends made during catch-up are simply read by a later page.
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

    const pump = async (): Promise<void> => {
      dirty = true;
      if (running) return; // the running loop will read once more before sleeping
      running = true;
      try {
        while (dirty && !stopped) {
          dirty = false;
          for (;;) {
            const page = await source.readAfter(checkpoint, pageSize);
            for (const event of page) {
              if (stopped) return;
              checkpoint = source.checkpointOf(event);
              if (!source.accept || source.accept(event)) subscriber.next(event);
            }
            if (page.length < pageSize || stopped) break;
          }
        }
      } catch (error) {
        if (!stopped) {
          stopped = true;
          stopListening();
          subscriber.error(source.mapError(error));
        }
      } finally {
        running = false;
      }
    };

    const stopListening = source.notifier.listen({
      onChange: () => void pump(),
      onClose: () => {
        stopped = true;
        subscriber.complete();
      },
    });
    void pump();

    return () => {
      stopped = true;
      stopListening();
    };
  });
}
