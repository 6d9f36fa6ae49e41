import { DamagedEventError, type EventStore, type ReadStreamPagesOptions, type RecordedEvent } from '@app/event-store';
import { gameStream } from '../game-stream';
import { type StoredGameEvent, storedGameEvent } from '../recording/stored-game-event';

/** Which of a game's events to read: from a revision (inclusive), at most so many, forwards or backwards. */
export type GameStreamRange = Pick<ReadStreamPagesOptions, 'from' | 'maxCount' | 'direction' | 'pageSize'>;

/**
 * Follows the revisions of a read: a game stream numbers its events from 0 without a gap, so a revision that is not
 * where the previous one said is a missing event (deleted outside the service), and a damage like any other.
 */
export class RevisionSequence {
  private expected: number | undefined;

  constructor(
    private readonly stream: string,
    range: GameStreamRange,
  ) {
    this.backwards = range.direction === 'backwards';
    this.expected = range.from ?? (this.backwards ? undefined : 0);
  }

  private readonly backwards: boolean;

  /** The event checked at the store boundary, once it stands where the read expects it. */
  next(recorded: RecordedEvent): StoredGameEvent {
    const expected = this.expected;
    if (expected !== undefined && recorded.revision !== expected) {
      const [before, after] = this.backwards ? [recorded.revision, expected + 1] : [expected - 1, recorded.revision];
      throw new DamagedEventError(
        this.stream,
        expected,
        null,
        `it is missing: the stored events go from revision ${before} to ${after}`,
      );
    }
    // A backwards read from past the end starts at the last event, wherever that is.
    this.expected = this.backwards ? recorded.revision - 1 : recorded.revision + 1;
    return storedGameEvent(recorded);
  }
}

/**
 * A game's events, page by page, each through the store boundary (storedGameEvent): typed events, or a
 * DamagedEventError naming the first revision that cannot be one — unreadable, of the wrong shape, or missing.
 * Every reader of a game's events reads them here, so that none meets stored content it cannot take.
 */
export async function* gameEventPages(
  store: EventStore,
  gameId: string,
  range: GameStreamRange = {},
): AsyncGenerator<StoredGameEvent[]> {
  const stream = gameStream(gameId);
  const revisions = new RevisionSequence(stream, range);
  for await (const page of store.readStreamPages(stream, range)) {
    const events: StoredGameEvent[] = new Array(page.length);
    for (let i = 0; i < page.length; i += 1) events[i] = revisions.next(page[i]!);
    yield events;
  }
}

/** Events per read of a whole record: memory stays flat however long the game is. */
const RECORD_PAGE_SIZE = 1000;

/**
 * A game's whole record as stored, revisions 0 to `last` (the revision it had when asked: appends are atomic, so that
 * is the end of a command), a page at a time — what `sanctum export` writes and `GET /games/:id/export` serves. A
 * damaged event ends the pages with a DamagedEventError naming it.
 */
export function recordPages(store: EventStore, gameId: string, last: number): AsyncGenerator<StoredGameEvent[]> {
  return gameEventPages(store, gameId, { pageSize: RECORD_PAGE_SIZE, maxCount: last + 1 });
}

/** The same, one event at a time. */
export async function* gameEvents(
  store: EventStore,
  gameId: string,
  range: GameStreamRange = {},
): AsyncGenerator<StoredGameEvent> {
  for await (const page of gameEventPages(store, gameId, range)) yield* page;
}

/** The game's event at a revision it holds (at or before its last, which the caller has read). */
export async function gameEventAt(store: EventStore, gameId: string, revision: number): Promise<StoredGameEvent> {
  const stream = gameStream(gameId);
  const [event] = await store.readStream(stream, { from: revision, maxCount: 1 });
  if (event?.revision !== revision) {
    throw new DamagedEventError(stream, revision, null, 'it is missing from the stored events');
  }
  return storedGameEvent(event);
}

/** The game's last event (undefined for a stream that has none). */
export async function lastGameEvent(store: EventStore, gameId: string): Promise<StoredGameEvent | undefined> {
  const stream = gameStream(gameId);
  const [last] = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
  return last === undefined ? undefined : storedGameEvent(last);
}
