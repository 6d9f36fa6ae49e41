import {
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  BACKWARDS,
  END,
  EventStoreDBClient,
  eventTypeFilter,
  excludeSystemEvents,
  type Filter,
  FORWARDS,
  type JSONEventData,
  type JSONType,
  type ReadPosition,
  type ResolvedEvent,
  START,
  streamNameFilter,
} from '@eventstore/db-client';
import { Observable, throwError } from 'rxjs';
import { EventStoreUnavailableError } from '../errors/event-store-unavailable.error';
import { EventStore } from '../event-store.port';
import type {
  AppendResult,
  EventFilter,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
} from '../event-store.types';
import {
  appendResultFor,
  assertValidExpectedRevision,
  assertValidStreamName,
  checkExpectedRevision,
  serialiseEvents,
} from '../shared/append-validation';
import { matchesFilter } from '../shared/event-filter';
import { assertValidReadAllOptions, assertValidReadStreamOptions } from '../shared/read-validation';
import { isEsdbStreamNotFound, mapEsdbError } from './esdb-error-mapping';
import { esdbEventId } from './esdb-event-id';
import { fromEsdbEvent } from './esdb-recorded-event';

export interface EsdbEventStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false` (single node) or `esdb+discover://…` (cluster). */
  connectionString?: string;
  /** A ready client instead of a connection string (tests, or sharing one client). Closed by close(). */
  client?: EventStoreDBClient;
}

/** The esdb client's subset this adapter uses (lets a unit test feed it a fake). */
type Client = Pick<
  EventStoreDBClient,
  'appendToStream' | 'readStream' | 'readAll' | 'subscribeToStream' | 'subscribeToAll' | 'dispose'
>;

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return 'any';
  if (expected === 'no-stream') return 'no_stream';
  return BigInt(expected);
}

/** An exclusive checkpoint p as an ESDB position (commit = prepare = p for gRPC-written events). */
function toEsdbPosition(position: number | undefined): ReadPosition {
  return position === undefined ? START : { commit: BigInt(position), prepare: BigInt(position) };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One server-side filter (ESDB takes one); matchesFilter re-checks both parts on the client. */
function toEsdbFilter(filter: EventFilter | undefined): Filter {
  if (filter?.streamPrefix !== undefined) return streamNameFilter({ prefixes: [filter.streamPrefix] });
  if (filter?.eventTypes !== undefined && filter.eventTypes.length > 0) {
    return eventTypeFilter({ regex: `^(?:${filter.eventTypes.map(escapeRegex).join('|')})$` });
  }
  return excludeSystemEvents();
}

/**
 * EventStoreDB / KurrentDB adapter (@eventstore/db-client 6.x, gRPC). Revisions map 1:1; `position` is the
 * commit position (see esdb-recorded-event.ts). Snapshots are NOT stored in ESDB (see MemorySnapshotStore).
 *
 * Costs to know: the client's readAll has no server-side filter, so readAll with a filter (and listStreams) scans
 * `$all` from `fromPosition` on the client (subscriptions do filter on the server); append reads its events back
 * once to report their positions.
 */
export class EsdbEventStore extends EventStore {
  private readonly client: Client;
  private readonly live = new Set<() => void>();
  private closed = false;

  constructor(options: EsdbEventStoreOptions) {
    super();
    if (options.client) this.client = options.client;
    else if (options.connectionString) this.client = EventStoreDBClient.connectionString(options.connectionString);
    else throw new TypeError('EsdbEventStore needs a connectionString or a client');
  }

  override async append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    this.assertOpen();
    assertValidStreamName(stream);
    assertValidExpectedRevision(expectedRevision);
    const serialised = serialiseEvents(events);
    if (serialised.length === 0) {
      // ESDB has no "check only" append; a read is the same check, as of now.
      const current = await this.streamRevision(stream);
      checkExpectedRevision(stream, expectedRevision, current);
      return appendResultFor(current, []);
    }

    const base = expectedRevision === 'any' ? undefined : expectedRevision === 'no-stream' ? -1 : expectedRevision;
    const proposed: JSONEventData[] = serialised.map((e, i) => ({
      id: esdbEventId(stream, base === undefined ? undefined : base + 1 + i, e),
      contentType: 'application/json',
      type: e.type,
      data: JSON.parse(e.data) as JSONType,
      metadata: JSON.parse(e.metadata) as JSONType,
    }));
    let lastRevision: number;
    try {
      const result = await this.client.appendToStream(stream, proposed, {
        expectedRevision: toEsdbExpected(expectedRevision),
      });
      lastRevision = Number(result.nextExpectedRevision);
    } catch (error) {
      throw mapEsdbError(error, { stream, expected: expectedRevision });
    }
    const firstRevision = lastRevision - serialised.length + 1;
    return appendResultFor(firstRevision - 1, await this.positionsOf(stream, firstRevision, serialised.length));
  }

  override async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    assertValidReadStreamOptions(options);
    if (options.maxCount === 0) return [];
    const backwards = options.direction === 'backwards';
    const read = this.client.readStream(stream, {
      direction: backwards ? BACKWARDS : FORWARDS,
      fromRevision: options.from !== undefined ? BigInt(options.from) : backwards ? END : START,
      ...(options.maxCount !== undefined ? { maxCount: BigInt(options.maxCount) } : {}),
    });
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of read) {
        const event = fromEsdbEvent(resolved);
        if (event) out.push(event);
      }
    } catch (error) {
      if (isEsdbStreamNotFound(error)) return [];
      throw mapEsdbError(error, { stream });
    }
    return out;
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
    const after = options.fromPosition ?? -1;
    // ESDB's readAll fromPosition is inclusive; ours is exclusive: start there and skip the event at it.
    const read = this.client.readAll({ direction: FORWARDS, fromPosition: toEsdbPosition(options.fromPosition) });
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of read) {
        const event = fromEsdbEvent(resolved);
        if (!event || event.position <= after || !matchesFilter(event, options.filter)) continue;
        out.push(event);
        if (out.length >= maxCount) break; // leaving the loop cancels the read
      }
    } catch (error) {
      throw mapEsdbError(error);
    }
    return out;
  }

  override subscribe(options: SubscribeOptions = {}): Observable<RecordedEvent> {
    if (this.closed) return throwError(() => new EventStoreUnavailableError('the esdb store is closed'));
    return new Observable<RecordedEvent>((subscriber) => {
      // ESDB's catch-up subscriptions are exactly-once and gap-free across the catch-up → live switch on the
      // server, and their checkpoints are exclusive like ours.
      const subscription =
        options.stream !== undefined
          ? this.client.subscribeToStream(options.stream, {
              fromRevision: options.fromRevision === undefined ? START : BigInt(options.fromRevision),
            })
          : this.client.subscribeToAll({
              fromPosition: toEsdbPosition(options.fromPosition),
              filter: toEsdbFilter(options.filter),
            });
      const filter = options.filter;
      const after = options.stream === undefined ? (options.fromPosition ?? -1) : -1;
      let stopped = false;
      const stop = () => {
        if (stopped) return;
        stopped = true;
        this.live.delete(complete);
        subscription.unsubscribe().catch(() => undefined);
      };
      const complete = () => {
        stop();
        subscriber.complete();
      };
      this.live.add(complete);
      subscription.on('data', (resolved: ResolvedEvent | AllStreamResolvedEvent) => {
        if (stopped) return;
        const event = fromEsdbEvent(resolved);
        if (!event || !matchesFilter(event, filter)) return;
        if (options.stream === undefined && event.position <= after) return;
        subscriber.next(event);
      });
      subscription.on('error', (error: Error) => {
        if (stopped) return;
        stop();
        subscriber.error(mapEsdbError(error));
      });
      subscription.on('end', () => {
        if (!stopped) complete();
      });
      return stop;
    });
  }

  /**
   * Scans `$all` (from the start, client-side filtered) for each stream's first event. Deliberately not the
   * `$streams` system projection: it may be disabled, stopped (stale) or lagging, and a stale list would be
   * silently wrong. The cost is a full read of `$all`; a caller that lists often should keep its own index.
   */
  override async listStreams(prefix = ''): Promise<string[]> {
    this.assertOpen();
    const heads: string[] = [];
    for await (const event of this.allEvents({ filter: { streamPrefix: prefix }, pageSize: 1000 })) {
      if (event.revision === 0) heads.push(event.stream);
    }
    return heads;
  }

  override async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const complete of [...this.live]) complete();
    await this.client.dispose();
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

  private assertOpen(): void {
    if (this.closed) throw new EventStoreUnavailableError('the esdb store is closed');
  }
}
