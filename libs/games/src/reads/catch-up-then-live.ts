import type { RecordedEvent } from '@app/event-store';
import { Observable, type Subscription, concatMap, filter, from, of } from 'rxjs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sliceSpent } from '../event-loop.slice';

/**
 * Told once, when a subscription has delivered every event stored when it last looked, before any live one: the
 * checkpoint it reached (a revision or a position; null when nothing was there to read). Resuming after it
 * misses nothing.
 */
export interface CaughtUp {
  caughtUp: number | null;
}

export function isCaughtUp(item: object): item is CaughtUp {
  return 'caughtUp' in item;
}

/** The events one subscription reads, and what its subscriber gets for each. */
export interface CatchUpSource<L> {
  /** The stored events after `after` (exclusive; undefined: from the start), at most `limit`, in order. */
  readPage(after: number | undefined, limit: number): Promise<RecordedEvent[]>;
  /** The store's subscription after `after` (exclusive): what is stored since, then live. */
  live(after: number | undefined): Observable<RecordedEvent>;
  /** The checkpoint of an event: its revision on a game's stream, its position on the global one. */
  checkpointOf(event: RecordedEvent): number;
  /** The subscriber's line for an event (null: nothing for it), now or once its viewer is ready. */
  view(event: RecordedEvent): L | null | Promise<L | null>;
  /** The least checkpoint to report as caught up (the one the subscriber asked to resume after). */
  floor?: number;
}

/** Events per read of the catch-up. */
export const CATCH_UP_PAGE = 500;

/**
 * Catch-up, then live. The catch-up reads ONE page at a time and reads the next only once the subscriber has been
 * given every line of this one (a viewer that must first be prepared is awaited in place), so nothing piles up
 * between the store and a subscriber that stops: unsubscribing (an SSE writer whose client is behind) stops the
 * reading. It also lets the event loop turn between pages and, within one, whenever the catch-ups together have
 * worked for a few milliseconds (event-loop.slice.ts). Once a page comes back short, everything stored is
 * delivered: the subscriber is told so (CaughtUp), and the store's own subscription takes over from the checkpoint
 * reached, delivering what was appended since and then live events.
 *
 * (A store subscription that pushes every page at once, read through an operator that waits for a viewer's
 * preparation, buffered the whole store in the operator and took each event off the front of that buffer: a
 * catch-up of thousands of events held the event loop for minutes and seemed to stop.)
 */
export function catchUpThenLive<L extends object>(
  sourceOf: () => CatchUpSource<L>,
  after: number | undefined,
): Observable<L | CaughtUp> {
  return new Observable<L | CaughtUp>((subscriber) => {
    // Each subscription its own: its reads, and whatever its view remembers of the events before.
    const source = sourceOf();
    let closed = false;
    let live: Subscription | undefined;

    const catchUp = async (): Promise<void> => {
      let checkpoint = after;
      for (;;) {
        // A page is read in one go (SQLite reads synchronously): only once the others have had their turn.
        if (sliceSpent()) await nextTurn();
        if (closed) return;
        const page = await source.readPage(checkpoint, CATCH_UP_PAGE);
        for (const event of page) {
          const viewed = source.view(event);
          const line = viewed instanceof Promise ? await viewed : viewed;
          if (closed) return;
          checkpoint = source.checkpointOf(event);
          if (line !== null) subscriber.next(line);
          if (sliceSpent()) await nextTurn();
          if (closed) return;
        }
        if (page.length < CATCH_UP_PAGE) break;
        await nextTurn();
        if (closed) return;
      }
      const reached = checkpoint === undefined ? (source.floor ?? null) : Math.max(checkpoint, source.floor ?? -1);
      subscriber.next({ caughtUp: reached });
      if (closed) return;
      live = source
        .live(checkpoint)
        .pipe(
          concatMap((event) => {
            const viewed = source.view(event);
            return viewed instanceof Promise ? from(viewed) : of(viewed);
          }),
          filter((line): line is L => line !== null),
        )
        .subscribe(subscriber);
    };

    catchUp().catch((error: unknown) => {
      if (!closed) subscriber.error(error);
    });
    return () => {
      closed = true;
      live?.unsubscribe();
    };
  });
}
