/**
 * The vocabulary of the EventStore port. Revisions are per stream (0-based); positions are global (like
 * EventStoreDB's `$all`), strictly increasing in commit order across all streams.
 */

/** What the caller expects the stream to look like before an append (optimistic concurrency). */
export type ExpectedRevision =
  /** The revision of the stream's last event (the stream must exist and be exactly there). */
  | number
  /** The stream must not exist yet. */
  | 'no-stream'
  /** No check. */
  | 'any';

/** An event to append. `data` and `metadata` must be JSON-serialisable; they are stored as JSON. */
export interface NewEvent {
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

/** A stored event as read back. `recordedAt` is the store's own clock, kept outside `data`. */
export interface RecordedEvent {
  stream: string;
  /** 0-based position within the stream. */
  revision: number;
  /** Global position: unique and strictly increasing across all streams in commit order. */
  position: number;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  /** ISO-8601 timestamp assigned by the store when the event was appended. */
  recordedAt: string;
  /**
   * Why the store cannot hand this event's content back (its stored data or metadata is not JSON, or its metadata
   * is not an object): set only for a row damaged outside the service, whose `data` is then null and `metadata`
   * empty. A read never fails for one damaged row, so the readers of every other stream are not stopped by it;
   * what a damaged event means is for the reader to say.
   */
  damage?: string;
}

export interface AppendResult {
  /**
   * The revision to pass as `expectedRevision` on the next append: the revision of the stream's last event, or
   * `'no-stream'` after an empty (check-only) append to a stream that does not exist.
   */
  nextExpectedRevision: number | 'no-stream';
  /** Revision of the first appended event. For an empty batch: `lastRevision + 1` (an empty range). */
  firstRevision: number;
  /** Revision of the last appended event (the stream's last revision; -1 if an empty check found no stream). */
  lastRevision: number;
  /** Global position of each appended event, in order. `positions.length === lastRevision - firstRevision + 1`. */
  positions: number[];
}

export type ReadDirection = 'forwards' | 'backwards';

export interface ReadStreamOptions {
  /**
   * First revision to return (inclusive). Default: 0 forwards, the last event backwards. Reading backwards from a
   * revision past the end starts at the last event.
   */
  from?: number;
  direction?: ReadDirection;
  /** At most this many events (default: all — prefer `readStreamPages`/`streamEvents` for long streams). */
  maxCount?: number;
}

/** Server-side filter for `$all`-style reads and subscriptions. Both parts must match when both are given. */
export interface EventFilter {
  /** Only streams whose name starts with this (e.g. `game-`). */
  streamPrefix?: string;
  /** Only these event types (exact names). An empty list matches nothing. */
  eventTypes?: string[];
}

export interface ReadAllOptions {
  /**
   * EXCLUSIVE checkpoint: return events whose position is strictly greater than this, so the position of the last
   * event you processed resumes exactly after it. Omit to read from the beginning.
   */
  fromPosition?: number;
  /** At most this many (matching) events. Default: all — prefer `readAllPages` for large logs. */
  maxCount?: number;
  filter?: EventFilter;
}

export interface PageOptions {
  /** Events per page (default 500). */
  pageSize?: number;
}

/** `maxCount` caps the total over all pages. */
export type ReadStreamPagesOptions = ReadStreamOptions & PageOptions;
export type ReadAllPagesOptions = ReadAllOptions & PageOptions;

/**
 * A catch-up subscription: first every stored event after the checkpoint, then live events, each exactly once and
 * in order. Checkpoints are EXCLUSIVE: pass the revision/position of the last event you processed.
 */
export type SubscribeOptions =
  | {
      /** Subscribe to one stream; the checkpoint is a revision. */
      stream: string;
      /** Resume after this revision (exclusive). Omit to start at the beginning of the stream. */
      fromRevision?: number;
      /** Only `eventTypes` applies to a stream subscription (the stream is already chosen). */
      filter?: Pick<EventFilter, 'eventTypes'>;
    }
  | {
      /** Subscribe to all streams (`$all`); the checkpoint is a global position. */
      stream?: undefined;
      /** Resume after this position (exclusive). Omit to start at the beginning of the log. */
      fromPosition?: number;
      filter?: EventFilter;
    };
