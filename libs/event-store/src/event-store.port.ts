import type { Observable } from 'rxjs';
import { assertCommandId } from './common/read-validation';
import type {
  AppendResult,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadAllPagesOptions,
  ReadStreamOptions,
  ReadStreamPagesOptions,
  RecordedEvent,
  SubscribeOptions,
} from './event-store.types';

const DEFAULT_PAGE_SIZE = 500;

/**
 * How far back a store without an index on `commandId` (EventStoreDB) looks for a command's events: retries come
 * within moments of the command they repeat.
 */
export const COMMAND_LOOKBACK = 2000;

/**
 * The event store port (hexagonal): the games layer depends on this abstract class, which is also the Nest
 * injection token; adapters are sqlite (embedded default), esdb and memory. One contract suite
 * (test/event-store/event-store.contract.ts) holds every adapter to the same semantics.
 *
 * Errors: WrongExpectedRevisionError (optimistic concurrency), EventStoreUnavailableError (→ 503), TypeError for
 * invalid arguments (a programming error).
 */
export abstract class EventStore {
  /**
   * Appends the batch atomically (all or nothing) if the stream is at `expectedRevision`, else throws
   * WrongExpectedRevisionError and writes nothing. An empty batch writes nothing and is only a revision check.
   */
  abstract append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;

  /** Events of one stream (see ReadStreamOptions: `from` is inclusive). Unknown stream: []. */
  abstract readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;

  /** The stream's last revision, or null if it does not exist. */
  abstract streamRevision(stream: string): Promise<number | null>;

  /**
   * The events of `stream` recorded with `metadata.commandId` equal to `commandId`, in revision order ([] when
   * none): what a retried command looks for. The SQL stores and the memory store answer from an index, at the same
   * cost on a stream of any length; this default, for a store without one (EventStoreDB), reads the stream's last
   * COMMAND_LOOKBACK events backwards.
   */
  async readCommand(stream: string, commandId: string): Promise<RecordedEvent[]> {
    assertCommandId(commandId);
    const found: RecordedEvent[] = [];
    for await (const page of this.readStreamPages(stream, {
      direction: 'backwards',
      maxCount: COMMAND_LOOKBACK,
      pageSize: 250,
    })) {
      for (const event of page) if (event.metadata.commandId === commandId) found.push(event);
    }
    return found.reverse();
  }

  /** Events of all streams in global order (see ReadAllOptions: `fromPosition` is EXCLUSIVE). */
  abstract readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;

  /**
   * Catch-up subscription (cold Observable: each `.subscribe()` starts its own from the checkpoint; unsubscribing
   * stops delivery). Catch-up then live, every event exactly once, in order. Completes when the store closes;
   * errors with EventStoreUnavailableError if the store fails (postgres: only if its first read fails; after that
   * it waits out a lost server and goes on from where it was).
   */
  abstract subscribe(options?: SubscribeOptions): Observable<RecordedEvent>;

  /** Names of the streams starting with `prefix` (all streams if omitted), in creation order. */
  abstract listStreams(prefix?: string): Promise<string[]>;

  /** Releases the store (connections, timers); live subscriptions complete. Idempotent. */
  abstract close(): Promise<void>;

  /**
   * Resolves if the store can commit durably now (readiness: what an append acknowledged now would survive);
   * rejects with EventStoreUnavailableError saying why not. By default a cheap read, which proves a network
   * store answers; an adapter that can check more (the embedded files, the free space) does.
   */
  async checkReady(): Promise<void> {
    await this.streamRevision('readiness-check');
  }

  /**
   * The reads of one catch-up that pages through the store itself before it subscribes from where it got (the
   * service's streams do, to read a page only once the last one is delivered). On a store that can lose events in a
   * failover (postgres) they are checked as a subscription's reads are: a catch-up never goes on past a checkpoint
   * the server it reads from does not hold (CheckpointAheadOfStoreError). By default, the store's own reads.
   */
  catchUpReads(): Pick<EventStore, 'readAll' | 'readStream'> {
    return this;
  }

  /**
   * Throws if the store cannot resume a subscription after this global position: UnknownPositionError where it is
   * not an event's position (EventStoreDB), CheckpointAheadOfStoreError where the store's log no longer reaches it
   * (postgres, after a failover that lost events). By default one bounded read, which lets the store say so.
   */
  async checkResumable(position: number): Promise<void> {
    await this.readAll({ fromPosition: position, maxCount: 1 });
  }

  /**
   * Calls `listener` when the store goes on on another server (postgres, after a failover): whatever a reader
   * cached of the store before may not be what the store holds now. Returns the unsubscribe. By default the store
   * never changes servers.
   */
  onServerChanged(listener: () => void): () => void {
    void listener;
    return () => undefined;
  }

  /** A stream in pages, so a million-event stream never needs one giant array. */
  async *readStreamPages(stream: string, options: ReadStreamPagesOptions = {}): AsyncGenerator<RecordedEvent[]> {
    const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
    const backwards = options.direction === 'backwards';
    let remaining = options.maxCount ?? Number.POSITIVE_INFINITY;
    let from = options.from;
    while (remaining > 0) {
      const maxCount = Math.min(pageSize, remaining);
      const page = await this.readStream(stream, { from, direction: options.direction, maxCount });
      const lastOfPage = page.at(-1);
      if (lastOfPage === undefined) return;
      yield page;
      if (page.length < maxCount) return;
      remaining -= page.length;
      const last = lastOfPage.revision;
      if (backwards && last === 0) return;
      from = backwards ? last - 1 : last + 1;
    }
  }

  /** The same as readStreamPages, one event at a time. */
  async *streamEvents(stream: string, options: ReadStreamPagesOptions = {}): AsyncGenerator<RecordedEvent> {
    for await (const page of this.readStreamPages(stream, options)) yield* page;
  }

  /** All streams (optionally filtered) in pages, resuming each page after the previous one's last position. */
  async *readAllPages(options: ReadAllPagesOptions = {}): AsyncGenerator<RecordedEvent[]> {
    const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
    let remaining = options.maxCount ?? Number.POSITIVE_INFINITY;
    let fromPosition = options.fromPosition;
    while (remaining > 0) {
      const maxCount = Math.min(pageSize, remaining);
      const page = await this.readAll({ fromPosition, maxCount, filter: options.filter });
      const last = page.at(-1);
      if (last === undefined) return;
      yield page;
      if (page.length < maxCount) return;
      remaining -= page.length;
      fromPosition = last.position;
    }
  }

  /** The same as readAllPages, one event at a time. */
  async *allEvents(options: ReadAllPagesOptions = {}): AsyncGenerator<RecordedEvent> {
    for await (const page of this.readAllPages(options)) yield* page;
  }
}
