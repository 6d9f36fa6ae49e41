import {
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  type JSONEventData,
  type JSONType,
  type ReadPosition,
  START,
} from '@eventstore/db-client';
import { type Observable, throwError } from 'rxjs';
import { EventStoreUnavailableError } from '../errors/event-store-unavailable.error';
import { UnknownPositionError } from '../errors/unknown-position.error';
import { EventStore } from '../event-store.port';
import type {
  AppendResult,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
} from '../event-store.types';
import {
  type SerialisedEvent,
  appendResultFor,
  checkExpectedRevision,
  serialiseAppend,
} from '../common/append-validation';
import { matchesFilter } from '../common/event-filter';
import { assertValidReadAllOptions, assertValidReadStreamOptions } from '../common/read-validation';
import { consumeRead } from './esdb-bounded-read';
import { type EsdbErrorContext, isEsdbStreamNotFound, mapEsdbError } from './esdb-error-mapping';
import { esdbEventId } from './esdb-event-id';
import { EsdbLiveFeed } from './esdb-live-feed';
import { type CatchUpPage, type CatchUpSource, esdbLiveSubscription } from './esdb-live-subscription';
import { fromEsdbEvent } from './esdb-recorded-event';
import { DEFAULT_ESDB_RETRY, type EsdbRetryPolicy, withEsdbRetries } from './esdb-retry.policy';

export interface EsdbEventStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false` (single node) or `esdb+discover://…` (cluster). */
  connectionString?: string;
  /** A ready client instead of a connection string (tests, or sharing one client). Closed by close(). */
  client?: EventStoreDBClient;
  /** How operations ride out an unavailable node or a leader change (default: 4 attempts from 100 ms). */
  retry?: Partial<EsdbRetryPolicy>;
  /** Events per read when a read is paged: subscriptions catching up, filtered `$all` reads, listStreams. */
  pageSize?: number;
}

/** The esdb client's subset this adapter uses (lets a unit test feed it a fake). */
type Client = Pick<EventStoreDBClient, 'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'>;

const DEFAULT_PAGE_SIZE = 500;

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return 'any';
  if (expected === 'no-stream') return 'no_stream';
  return BigInt(expected);
}

/** A checkpoint p as an ESDB position (commit = prepare = p for gRPC-written events). */
function toEsdbPosition(position: number | undefined): ReadPosition {
  return position === undefined ? START : { commit: BigInt(position), prepare: BigInt(position) };
}

/** The batch's size as the server weighs it against MaxAppendSize: data, metadata and twice the type's length. */
function appendSizeOf(events: SerialisedEvent[]): number {
  return events.reduce(
    (total, e) => total + Buffer.byteLength(e.data) + Buffer.byteLength(e.metadata) + e.type.length * 2,
    0,
  );
}

const positionOf = (resolved: AllStreamResolvedEvent) => resolved.commitPosition ?? resolved.event?.position?.commit;

/**
 * EventStoreDB / KurrentDB adapter (@eventstore/db-client 6.x, gRPC), for servers 22.6 and later (see
 * esdb-recorded-event.ts). Revisions map 1:1; `position` is the commit position. Snapshots are NOT stored in ESDB
 * (see MemorySnapshotStore).
 *
 * On one connection the server serves 100 calls at a time, so every read asks for a bounded count and is
 * cancelled if left early (esdb-bounded-read.ts), and live subscriptions share one `$all` subscription
 * (esdb-live-feed.ts). Appends and reads require the leader, so a follower's stale read after a failover is
 * redirected rather than believed; they are retried while the node is unavailable or not the leader — an append
 * too, with the same event ids, which the server recognises as the same append if the first one got in.
 *
 * Costs to know: the client (6.2.1) has no server-side filter for reads of `$all`, so readAll with a filter (and
 * listStreams) page through `$all` from `fromPosition` and filter here; append reads its events back once to
 * report their positions.
 */
export class EsdbEventStore extends EventStore {
  private readonly client: Client;
  private readonly policy: EsdbRetryPolicy;
  private readonly pageSize: number;
  private readonly feed: EsdbLiveFeed;
  private readonly live = new Set<() => void>();
  private closed = false;

  constructor(options: EsdbEventStoreOptions) {
    super();
    if (options.client) this.client = options.client;
    else if (options.connectionString) this.client = EventStoreDBClient.connectionString(options.connectionString);
    else throw new TypeError('EsdbEventStore needs a connectionString or a client');
    this.policy = { ...DEFAULT_ESDB_RETRY, ...options.retry };
    this.pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
    this.feed = new EsdbLiveFeed(this.client, this.policy);
  }

  override async append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    this.assertOpen();
    const serialised = serialiseAppend(stream, events, expectedRevision).events;
    if (serialised.length === 0) {
      // ESDB has no "check only" append; a read is the same check, as of now.
      const current = await this.streamRevision(stream);
      checkExpectedRevision(stream, expectedRevision, current);
      return appendResultFor(current, []);
    }

    const base = expectedRevision === 'any' ? undefined : expectedRevision === 'no-stream' ? -1 : expectedRevision;
    // The ids are fixed here, once: a retry after an unknown outcome sends the same append again.
    const proposed: JSONEventData[] = serialised.map((e, i) => ({
      id: esdbEventId(stream, base === undefined ? undefined : base + 1 + i, e),
      contentType: 'application/json',
      type: e.type,
      data: JSON.parse(e.data) as JSONType,
      metadata: JSON.parse(e.metadata) as JSONType,
    }));
    const result = await this.retrying(
      () =>
        this.client.appendToStream(stream, proposed, {
          expectedRevision: toEsdbExpected(expectedRevision),
          requiresLeader: true,
        }),
      { stream, expected: expectedRevision, appendSize: appendSizeOf(serialised) },
    );
    const lastRevision = Number(result.nextExpectedRevision);
    const firstRevision = lastRevision - serialised.length + 1;
    return appendResultFor(firstRevision - 1, await this.positionsOf(stream, firstRevision, serialised.length));
  }

  override async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    assertValidReadStreamOptions(options);
    if (options.maxCount === 0) return [];
    const backwards = options.direction === 'backwards';
    return this.retrying(
      async () => {
        const read = this.client.readStream(stream, {
          direction: backwards ? BACKWARDS : FORWARDS,
          fromRevision: options.from !== undefined ? BigInt(options.from) : backwards ? END : START,
          ...(options.maxCount !== undefined ? { maxCount: BigInt(options.maxCount) } : {}),
          requiresLeader: true,
        });
        const out: RecordedEvent[] = [];
        try {
          await consumeRead(read, (resolved) => {
            const event = fromEsdbEvent(resolved);
            if (event) out.push(event);
            return true;
          });
        } catch (error) {
          if (isEsdbStreamNotFound(error)) return [];
          throw error;
        }
        return out;
      },
      { stream },
    );
  }

  override async streamRevision(stream: string): Promise<number | null> {
    const [last] = await this.readStream(stream, { direction: 'backwards', maxCount: 1 });
    return last ? last.revision : null;
  }

  override async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    assertValidReadAllOptions(options);
    const maxCount = options.maxCount ?? Number.POSITIVE_INFINITY;
    if (maxCount === 0 || options.filter?.eventTypes?.length === 0) return [];
    // Unfiltered, a page is what was asked for; filtered, pages are scanned until enough events match.
    const pageSize = options.filter ? this.pageSize : Math.min(maxCount, this.pageSize);
    const out: RecordedEvent[] = [];
    let after = options.fromPosition;
    for (;;) {
      const page = await this.readAllPage(after, pageSize);
      for (const event of page.events) {
        if (!matchesFilter(event, options.filter)) continue;
        out.push(event);
        if (out.length >= maxCount) return out;
      }
      if (page.atEnd) return out;
      after = page.scannedTo;
    }
  }

  override subscribe(options: SubscribeOptions = {}): Observable<RecordedEvent> {
    if (this.closed) return throwError(() => new EventStoreUnavailableError('the esdb store is closed'));
    const wants = (event: RecordedEvent) => matchesFilter(event, options.filter);
    const stream = options.stream;
    const source: CatchUpSource =
      stream !== undefined
        ? {
            readAfter: async (after) => {
              const events = await this.readStream(stream, {
                from: after === undefined ? 0 : after + 1,
                maxCount: this.pageSize,
              });
              return { events, atEnd: events.length < this.pageSize };
            },
            checkpointOf: (event) => event.revision,
            covers: (event) => event.stream === stream,
            wants,
          }
        : {
            readAfter: (after) => this.readAllPage(after, this.pageSize),
            checkpointOf: (event) => event.position,
            covers: () => true,
            wants,
          };
    const from = options.stream !== undefined ? options.fromRevision : options.fromPosition;
    return esdbLiveSubscription(source, this.feed, from, (complete) => {
      this.live.add(complete);
      return () => this.live.delete(complete);
    });
  }

  /**
   * Pages through `$all` (from the start, filtered here) for each stream's first event. Deliberately not the
   * `$streams` system projection: it may be disabled, stopped (stale) or lagging, and a stale list would be
   * silently wrong. The cost is a read of all of `$all`; a caller that lists often should keep its own index.
   */
  override async listStreams(prefix = ''): Promise<string[]> {
    this.assertOpen();
    const heads: string[] = [];
    let after: number | undefined;
    for (;;) {
      const page = await this.readAllPage(after, this.pageSize);
      for (const event of page.events) {
        if (event.revision === 0 && event.stream.startsWith(prefix)) heads.push(event.stream);
      }
      if (page.atEnd) return heads;
      after = page.scannedTo;
    }
  }

  override async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const complete of [...this.live]) complete();
    this.feed.close();
    await this.client.dispose();
  }

  /**
   * Up to `count` records of `$all` after `after` (exclusive), system events left out, and how far the read got.
   * ESDB starts a read AT a position, and only at a record's: after an event's own position, one more is asked
   * for and the record at it dropped; after any other number p (`?from=` gives "the event at p, or later" as
   * p − 1), the read starts at p + 1, and if that is no record's position either, p is refused.
   */
  private async readAllPage(after: number | undefined, count: number): Promise<CatchUpPage> {
    this.assertOpen();
    if (after === undefined) return this.readAllFrom(START, undefined, count);
    try {
      return await this.readAllFrom(toEsdbPosition(after), after, count + 1);
    } catch (error) {
      if (!(error instanceof UnknownPositionError)) throw error;
      return this.readAllFrom(toEsdbPosition(after + 1), undefined, count).catch((next: unknown) => {
        throw next instanceof UnknownPositionError ? error : next;
      });
    }
  }

  /** One bounded read of `$all` from `start` (inclusive), leaving out system events and the record at `drop`. */
  private readAllFrom(start: ReadPosition, drop: number | undefined, count: number): Promise<CatchUpPage> {
    const position = start === START ? undefined : Number((start as { commit: bigint }).commit);
    return this.retrying(
      async () => {
        const read = this.client.readAll({
          direction: FORWARDS,
          fromPosition: start,
          maxCount: count,
          requiresLeader: true,
        });
        const events: RecordedEvent[] = [];
        let records = 0;
        let scannedTo: number | undefined;
        await consumeRead(read, (resolved) => {
          records++;
          const at = positionOf(resolved);
          if (at !== undefined) scannedTo = Number(at);
          const event = fromEsdbEvent(resolved);
          if (event && event.position !== drop) events.push(event);
          return true;
        });
        return { events, scannedTo, atEnd: records < count };
      },
      { position, doing: 'reading $all' },
    );
  }

  /** Positions of the events just appended: one read of exactly those revisions (ESDB reports only one). */
  private async positionsOf(stream: string, firstRevision: number, count: number): Promise<number[]> {
    try {
      const written = await this.readStream(stream, { from: firstRevision, maxCount: count });
      if (written.length === count) return written.map((e) => e.position);
    } catch {
      // The append itself succeeded; failing it now would invite a retry of a committed write.
    }
    return new Array<number>(count).fill(-1);
  }

  /** The operation with the store's retries, its failure in the port's terms. */
  private async retrying<T>(operation: () => Promise<T>, context: EsdbErrorContext): Promise<T> {
    try {
      return await withEsdbRetries(operation, this.policy);
    } catch (error) {
      throw mapEsdbError(error, context);
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreUnavailableError('the esdb store is closed');
  }
}
