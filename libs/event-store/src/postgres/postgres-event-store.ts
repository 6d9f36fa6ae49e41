import { Client, type PoolConfig, types as pgTypes } from 'pg';
import { Logger } from '@nestjs/common';
import { defer, type Observable, throwError } from 'rxjs';
import { EventStoreUnavailableError } from '../errors/event-store-unavailable.error';
import { WrongExpectedRevisionError } from '../errors/wrong-expected-revision.error';
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
import { appendResultFor, type SerialisedAppend, serialiseAppend } from '../common/append-validation';
import { ChangeNotifier } from '../common/change-notifier';
import { assertCommandId, assertValidReadAllOptions, assertValidReadStreamOptions } from '../common/read-validation';
import type { EventRow } from '../common/event-row';
import { subscriptionOverReads } from '../common/subscription-over-reads';
import type { Snapshot, SnapshotStore } from '../snapshot-store.port';
import { AppendGroupQueue, type AppendOutcome } from './postgres-append.queue';
import { PostgresAppendListener } from './postgres-append.listener';
import { isPostgresUniqueViolation, isPostgresUnavailable, mapPostgresError } from './postgres-error-mapping';
import {
  CheckpointGuard,
  type HistoryFigures,
  type HistoryQuery,
  type ReadsOnServer,
} from './postgres-checkpoint.guard';
import { postgresTargets } from './postgres-connection.targets';
import { type LocatedPrimary, PostgresPrimary } from './postgres-primary';
import { noteTimeline } from './postgres-timelines';
import {
  EXPECT_ANY,
  EXPECT_NO_STREAM,
  appendChannel,
  assertValidSchemaName,
  migratePostgresSchema,
} from './postgres-schema.migrations';
import { PostgresSnapshotStore, type SnapshotQueries } from './postgres-snapshot-store';
import { storedContent } from '../common/stored-json';

export interface PostgresEventStoreOptions {
  /**
   * A libpq connection URI, `postgresql://user:password@host:5432/database?sslmode=…` (POSTGRES_URL), with one
   * server or libpq's list of them (`h1:5432,h2:5432`): the store writes to the one that accepts writes.
   */
  connectionString: string;
  /** The servers, `h1:5432,h2:5432`, in place of the connection string's host (POSTGRES_HOSTS). */
  hosts?: string;
  /** The schema that holds the store's tables (default `sanctum`; created on the first start). */
  schema?: string;
  /** Connections in this process's pool (default 10; POSTGRES_POOL_SIZE). The LISTEN connection is one more. */
  poolSize?: number;
  /** Longest a statement may run before the server cancels it: EventStoreUnavailableError (default 10,000 ms). */
  statementTimeoutMs?: number;
  /** Longest to wait for a new connection (default 5,000 ms). */
  connectTimeoutMs?: number;
  /** How often live subscriptions poll when notifications cannot reach them, and retry a lost read (1,000 ms). */
  pollIntervalMs?: number;
  /** Events per read while a subscription catches up (default 500). */
  subscriptionPageSize?: number;
  /** At most this many appends go into one transaction (default 200). */
  maxAppendsPerGroup?: number;
  /** At most this many events go into one transaction, unless a single append has more (default 2,000). */
  maxEventsPerGroup?: number;
  /** Append transactions under way at once from this process (default 4, fewer in a smaller pool; they queue for the append lock). */
  appendGroupsInFlight?: number;
  /** While no server accepts writes, how often to look again: from `min` doubling up to `max` (100 ms to 1 s). */
  primarySearchDelayMs?: { min: number; max: number };
}

export const DEFAULT_POSTGRES_SCHEMA = 'sanctum';
export const DEFAULT_POSTGRES_POOL_SIZE = 10;
export const DEFAULT_POSTGRES_STATEMENT_TIMEOUT_MS = 10_000;

const DEFAULT_APPEND_GROUPS_IN_FLIGHT = 4;

/** How much longer than the server's statement timeout the client waits for an answer (a dead network). */
const CLIENT_TIMEOUT_MARGIN_MS = 5_000;

/** jsonb columns come parsed. */
type PostgresEventRow = EventRow<unknown, unknown>;

/** recorded_at as the ISO text the port hands out (milliseconds, UTC), written by the server: no Date per row. */
const COLUMNS = `position, stream, revision, type, data, metadata,
  to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at`;

/** bigint columns (positions, revisions) as numbers: exact up to 2^53, far beyond any log this serves. */
const INT8_OID = 20;
const TYPE_PARSERS = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (value: string) => Number(value) : pgTypes.getTypeParser(oid, format)) as never,
};

function toRecorded(row: PostgresEventRow): RecordedEvent {
  return {
    stream: row.stream,
    revision: row.revision,
    position: row.position,
    type: row.type,
    // jsonb is always JSON; metadata that is not an object was written outside the service.
    ...storedContent(row.data, row.metadata),
    recordedAt: row.recorded_at,
  };
}

function expectedParameter(expected: ExpectedRevision): number {
  return expected === 'any' ? EXPECT_ANY : expected === 'no-stream' ? EXPECT_NO_STREAM : expected;
}

function assertWholeNumber(name: string, value: number | undefined, min: number): void {
  if (value !== undefined && (!Number.isSafeInteger(value) || value < min)) {
    throw new TypeError(`postgres ${name} must be a whole number >= ${min}, got ${String(value)}`);
  }
}

/** An append waiting for its group, and the server generation it was decided against (see commitGroup). */
interface QueuedAppend extends SerialisedAppend {
  generation: number | undefined;
}

/**
 * The PostgreSQL adapter (node-postgres): several service instances share one database. Appends go through one
 * function, append_events, under a transaction-scoped advisory lock (as Message DB does), which makes the revision
 * checks race-free and hands out global positions in commit order — see libs/event-store/README.md for why and
 * what it costs. Live subscriptions are woken by LISTEN/NOTIFY, with polling as the fallback, and wait out a lost
 * server. The schema is created and migrated on first use. With several servers (a primary and its standbys) it
 * writes to the one that accepts writes and follows a failover by itself (PostgresPrimary); a subscription whose
 * checkpoint the new primary never received is told so (CheckpointGuard).
 */
export class PostgresEventStore extends EventStore implements SnapshotStore {
  readonly schema: string;
  private readonly logger = new Logger('PostgresEventStore');
  private readonly primary: PostgresPrimary;
  private readonly notifier = new ChangeNotifier();
  private readonly listener: PostgresAppendListener;
  private readonly snapshots: PostgresSnapshotStore;
  private readonly appends: AppendGroupQueue<QueuedAppend, AppendResult>;
  private readonly pollIntervalMs: number;
  private readonly subscriptionPageSize: number | undefined;
  private readonly serverChangeListeners = new Set<() => void>();
  /** The furthest position this instance has seen on the server in use (to tell what a failover lost). */
  private seen: { generation: number; position: number } | undefined;
  private closing: Promise<void> | undefined;

  constructor(options: PostgresEventStoreOptions) {
    super();
    if (typeof options.connectionString !== 'string') throw new TypeError('postgres connection string must be a URI');
    const targets = postgresTargets(options.connectionString, options.hosts);
    this.schema = options.schema ?? DEFAULT_POSTGRES_SCHEMA;
    assertValidSchemaName(this.schema);
    assertWholeNumber('pool size', options.poolSize, 1);
    assertWholeNumber('statement timeout', options.statementTimeoutMs, 1);
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.subscriptionPageSize = options.subscriptionPageSize;
    const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_POSTGRES_STATEMENT_TIMEOUT_MS;
    const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
    const config: PoolConfig = {
      application_name: 'sanctum-chronicle',
      max: options.poolSize ?? DEFAULT_POSTGRES_POOL_SIZE,
      connectionTimeoutMillis: connectTimeoutMs,
      statement_timeout: statementTimeoutMs,
      query_timeout: statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
      keepAlive: true,
      types: TYPE_PARSERS,
    };
    this.primary = new PostgresPrimary({
      targets,
      pool: config,
      probeTimeoutMs: connectTimeoutMs,
      searchDelayMs: options.primarySearchDelayMs ?? { min: 100, max: 1000 },
      prepare: (found, previous) => this.prepare(found, previous),
      onChange: (_found, previous) => {
        if (previous !== undefined) for (const listener of this.serverChangeListeners) listener();
        // Subscriptions that waited out the lost server read again now, on this one.
        this.notifier.notify();
      },
    });
    this.snapshots = new PostgresSnapshotStore(
      { query: (query) => this.onPrimary((pool) => pool.query(query)) } as SnapshotQueries,
      this.schema,
    );
    this.listener = new PostgresAppendListener({
      newClient: async () =>
        new Client({ ...(await this.primary.clientConfig()), query_timeout: undefined, statement_timeout: undefined }),
      onLost: () => this.primary.suspect(),
      channel: appendChannel(this.schema),
      notifier: this.notifier,
      latestPosition: () => this.latestPosition(),
      pollIntervalMs: this.pollIntervalMs,
    });
    this.appends = new AppendGroupQueue({
      commit: (group) => this.commitGroup(group),
      keyOf: (append) => append.stream,
      maxGroupSize: options.maxAppendsPerGroup ?? 200,
      weightOf: (append) => append.events.length,
      maxGroupWeight: options.maxEventsPerGroup ?? 2000,
      // One connection of the pool at least stays for reads.
      maxGroupsInFlight:
        options.appendGroupsInFlight ?? Math.max(1, Math.min(DEFAULT_APPEND_GROUPS_IN_FLIGHT, (config.max ?? 1) - 1)),
    });
  }

  /** Finds the primary and creates or migrates the schema now (otherwise the first call does); safe from several instances at once. */
  ready(): Promise<void> {
    this.assertOpen();
    return this.run(async () => {
      await this.primary.locate();
    });
  }

  override onServerChanged(listener: () => void): () => void {
    this.serverChangeListeners.add(listener);
    return () => this.serverChangeListeners.delete(listener);
  }

  override async append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    this.assertOpen();
    const append = serialiseAppend(stream, events, expectedRevision);
    // The command that made it decided on what this server told it (or its cache of it): see commitGroup.
    const generation = this.primary.located?.generation;
    // Settles once its group's transaction has committed (or failed): nothing is acknowledged before.
    const result = await this.appends.add({ ...append, generation });
    const lastPosition = result.positions.at(-1);
    if (lastPosition !== undefined) {
      this.listener.noteAppended(lastPosition);
      this.notifier.notify(); // this process's subscribers need not wait for the notification's round trip
    }
    return result;
  }

  override async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    return this.run(async () => this.readStreamOn(await this.primary.locate(), stream, options));
  }

  override async streamRevision(stream: string): Promise<number | null> {
    this.assertOpen();
    const rows = await this.query(
      'stream-revision',
      `SELECT max(revision) AS revision FROM ${this.schema}.events WHERE stream = $1`,
      [stream],
    );
    return (rows[0] as { revision: number | null }).revision;
  }

  /** From the index events_by_command (schema version 3). */
  override async readCommand(stream: string, commandId: string): Promise<RecordedEvent[]> {
    this.assertOpen();
    assertCommandId(commandId);
    const rows = await this.query(
      'read-command',
      `SELECT ${COLUMNS} FROM ${this.schema}.events WHERE stream = $1 AND metadata->>'commandId' = $2
       ORDER BY revision ASC`,
      [stream, commandId],
    );
    return (rows as PostgresEventRow[]).map(toRecorded);
  }

  override async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    return this.run(async () => this.readAllOn(await this.primary.locate(), options));
  }

  /**
   * Throws CheckpointAheadOfStoreError if `position` is past the store's end, or in a range of positions a
   * failover lost (recorded by the instances that had read there): resuming after it would skip events.
   */
  override async checkResumable(position: number): Promise<void> {
    this.assertOpen();
    const guard = new CheckpointGuard(this.readsOnServer());
    await this.run(() => guard.readAll({ fromPosition: position, maxCount: 1 }));
  }

  /** Reads through a CheckpointGuard of their own, as a subscription's are. */
  override catchUpReads(): Pick<EventStore, 'readAll' | 'readStream'> {
    const guard = new CheckpointGuard(this.readsOnServer());
    return {
      readAll: async (options = {}) => {
        this.assertOpen();
        assertValidReadAllOptions(options);
        return this.run(() => guard.readAll(options));
      },
      readStream: async (stream, options = {}) => {
        this.assertOpen();
        assertValidReadStreamOptions(options);
        return this.run(() => guard.readStream(stream, options));
      },
    };
  }

  override subscribe(options: SubscribeOptions = {}): Observable<RecordedEvent> {
    if (this.closing) return throwError(() => new EventStoreUnavailableError('the postgres store is closed'));
    return defer(() => {
      this.listener.start();
      // A read lost with its connection is tried again soon, whatever the poll's pace: the pool reconnects at once.
      const outlast = { isTransient: isPostgresUnavailable, retryMs: Math.min(this.pollIntervalMs, 1000) };
      return subscriptionOverReads(
        new CheckpointGuard(this.readsOnServer()),
        options,
        { notifier: this.notifier, mapError: mapPostgresError, outlast },
        this.subscriptionPageSize,
      );
    });
  }

  override async listStreams(prefix = ''): Promise<string[]> {
    this.assertOpen();
    const rows = await this.query(
      'list-streams',
      `SELECT stream FROM ${this.schema}.events WHERE revision = 0 AND starts_with(stream, $1) ORDER BY position`,
      [prefix],
    );
    return (rows as { stream: string }[]).map((r) => r.stream);
  }

  override close(): Promise<void> {
    this.closing ??= (async () => {
      // Appends already accepted are committed, not dropped.
      await this.appends.whenIdle();
      await this.listener.stop();
      this.notifier.close();
      await this.primary.end();
    })();
    return this.closing;
  }

  async saveSnapshot(stream: string, revision: number, engineVersion: string, state: string): Promise<void> {
    this.assertOpen();
    return this.run(() => this.snapshots.saveSnapshot(stream, revision, engineVersion, state));
  }

  async loadSnapshot(stream: string, engineVersion: string, atOrBefore?: number): Promise<Snapshot | null> {
    this.assertOpen();
    return this.run(() => this.snapshots.loadSnapshot(stream, engineVersion, atOrBefore));
  }

  async deleteSnapshots(stream?: string): Promise<number> {
    this.assertOpen();
    return this.run(() => this.snapshots.deleteSnapshots(stream));
  }

  async deleteSnapshotsExcept(engineVersion: string): Promise<number> {
    this.assertOpen();
    return this.run(() => this.snapshots.deleteSnapshotsExcept(engineVersion));
  }

  /**
   * A newly found primary, before anything uses it: the schema is brought up to date there, and its timeline is
   * recorded (see postgres-timelines.ts). If this instance had read or written on the server before it past the
   * point where the new one took over, those events are gone: said loudly, and recorded for later readers.
   */
  private async prepare(found: LocatedPrimary, previous: LocatedPrimary | undefined): Promise<void> {
    await migratePostgresSchema(found.pool, this.schema);
    if (found.timeline === null) return;
    const seen = previous && this.seen?.generation === previous.generation ? this.seen.position : undefined;
    const before =
      previous?.timeline != null && seen !== undefined ? { timeline: previous.timeline, seenThrough: seen } : undefined;
    const change = await noteTimeline(found.pool, this.schema, found.timeline, before);
    if (change?.lostThrough != null && previous) {
      this.logger.error(
        `the failover lost events: this instance saw positions up to ${change.lostThrough} on ` +
          `${previous.host.label} (timeline ${previous.timeline}), and ${found.host.label} (timeline ` +
          `${found.timeline}) holds the log only up to position ${change.forkedAfter}; positions ` +
          `${change.forkedAfter + 1}–${change.lostThrough} are gone (a standby that was not synchronous), and a ` +
          'reader resuming past them is refused (CheckpointAheadOfStoreError)',
      );
    }
  }

  /** One transaction for the group: a row per append from append_events, in order. */
  private async commitGroup(group: QueuedAppend[]): Promise<AppendOutcome<AppendResult>[]> {
    const outcomes: (AppendOutcome<AppendResult> | undefined)[] = [];
    let located: LocatedPrimary;
    try {
      located = await this.primary.locate();
    } catch (error) {
      throw this.closing
        ? new EventStoreUnavailableError('the postgres store is closed', { cause: error })
        : mapPostgresError(error);
    }
    // An append decided on another server's state (it was queued when the primary changed) is not sent: after a
    // failover that lost events, its expected revision could match a stream that now holds other events.
    const sent = group.filter((append, i) => {
      const stale = append.generation !== undefined && append.generation !== located.generation;
      if (stale) {
        outcomes[i] = {
          ok: false,
          error: new EventStoreUnavailableError(
            'postgres: the primary changed while this append waited; nothing was recorded, try again',
          ),
        };
      }
      return !stale;
    });
    const results = await this.commitOn(located, sent);
    let k = 0;
    return group.map(
      (_, i) => outcomes[i] ?? results[k++] ?? { ok: false, error: new Error('append lost its outcome') },
    );
  }

  private async commitOn(located: LocatedPrimary, group: SerialisedAppend[]): Promise<AppendOutcome<AppendResult>[]> {
    if (group.length === 0) return [];
    try {
      return await this.callAppendEvents(located, group);
    } catch (error) {
      this.primary.failed(located, error);
      // Another writer slipped a row in without the lock (an older build, a hand-made insert): the unique
      // (stream, revision) key stopped the whole group. Each append alone then either gets in or is a conflict.
      if (!isPostgresUniqueViolation(error)) throw mapPostgresError(error);
    }
    const outcomes: AppendOutcome<AppendResult>[] = [];
    for (const append of group) {
      try {
        outcomes.push(...(await this.callAppendEvents(located, [append])));
      } catch (error) {
        this.primary.failed(located, error);
        if (!isPostgresUniqueViolation(error)) throw mapPostgresError(error);
        const actual = await this.streamRevision(append.stream);
        outcomes.push({
          ok: false,
          error: new WrongExpectedRevisionError(append.stream, append.expected, actual ?? 'no-stream'),
        });
      }
    }
    return outcomes;
  }

  private async callAppendEvents(
    located: LocatedPrimary,
    group: SerialisedAppend[],
  ): Promise<AppendOutcome<AppendResult>[]> {
    const owners: number[] = [];
    const offsets: number[] = [];
    const types: string[] = [];
    const datas: string[] = [];
    const metadatas: string[] = [];
    for (const [i, append] of group.entries()) {
      for (const [k, event] of append.events.entries()) {
        owners.push(i + 1);
        offsets.push(k);
        types.push(event.type);
        datas.push(event.data);
        metadatas.push(event.metadata);
      }
    }
    const { rows } = await located.pool.query<{ ok: boolean; actual: number | null; first_position: number }>({
      name: `${this.schema}-append-events`,
      text: `SELECT ok, actual, first_position FROM ${this.schema}.append_events($1, $2, $3, $4, $5, $6, $7, $8)`,
      values: [
        group.map((a) => a.stream),
        group.map((a) => expectedParameter(a.expected)),
        group.map((a) => a.events.length),
        owners,
        offsets,
        types,
        datas,
        metadatas,
      ],
    });
    return group.map((append, i): AppendOutcome<AppendResult> => {
      const row = rows[i];
      // append_events answers one row per append of the group, in order.
      if (row === undefined) return { ok: false, error: new Error(`append_events answered no row for append ${i}`) };
      const { ok, actual, first_position: first } = row;
      if (!ok) {
        return {
          ok: false,
          error: new WrongExpectedRevisionError(append.stream, append.expected, actual ?? 'no-stream'),
        };
      }
      const positions = append.events.map((_, k) => first + k);
      this.noteSeen(located, positions.at(-1));
      return { ok: true, value: appendResultFor(actual, positions) };
    });
  }

  private readStreamOn(located: LocatedPrimary, stream: string, options: ReadStreamOptions): Promise<RecordedEvent[]> {
    assertValidReadStreamOptions(options);
    const backwards = options.direction === 'backwards';
    return this.queryOn(
      located,
      backwards ? 'read-stream-backwards' : 'read-stream-forwards',
      backwards
        ? `SELECT ${COLUMNS} FROM ${this.schema}.events WHERE stream = $1 AND revision <= $2
           ORDER BY revision DESC LIMIT $3`
        : `SELECT ${COLUMNS} FROM ${this.schema}.events WHERE stream = $1 AND revision >= $2
           ORDER BY revision ASC LIMIT $3`,
      [stream, options.from ?? (backwards ? Number.MAX_SAFE_INTEGER : 0), options.maxCount ?? null],
    ).then((rows) => this.recorded(located, rows as PostgresEventRow[]));
  }

  private async readAllOn(located: LocatedPrimary, options: ReadAllOptions): Promise<RecordedEvent[]> {
    assertValidReadAllOptions(options);
    const filter: EventFilter = options.filter ?? {};
    if (filter.eventTypes !== undefined && filter.eventTypes.length === 0) return [];
    const where = ['position > $1'];
    const values: unknown[] = [options.fromPosition ?? 0, options.maxCount ?? null];
    // starts_with compares the characters as they are: no wildcards, case-sensitive.
    if (filter.streamPrefix !== undefined) where.push(`starts_with(stream, $${values.push(filter.streamPrefix)})`);
    if (filter.eventTypes !== undefined) where.push(`type = ANY($${values.push(filter.eventTypes)}::text[])`);
    const name = `read-all-${filter.streamPrefix !== undefined}-${filter.eventTypes !== undefined}`;
    const rows = await this.queryOn(
      located,
      name,
      `SELECT ${COLUMNS} FROM ${this.schema}.events WHERE ${where.join(' AND ')} ORDER BY position ASC LIMIT $2`,
      values,
    );
    return this.recorded(located, rows as PostgresEventRow[]);
  }

  /** What a subscription's CheckpointGuard checks its checkpoint against, on the server it reads from. */
  private async historyOn(located: LocatedPrimary, query: HistoryQuery): Promise<HistoryFigures> {
    const rows = await this.queryOn(
      located,
      'history',
      `SELECT coalesce((SELECT max(position) FROM ${this.schema}.events), 0) AS end_position,
         (SELECT max(revision) FROM ${this.schema}.events WHERE stream = $3) AS end_revision,
         (SELECT min(forked_after) FROM ${this.schema}.timelines WHERE timeline > $1) AS forked_after,
         (SELECT min(forked_after) FROM ${this.schema}.timelines
          WHERE $2 > forked_after AND $2 <= lost_through) AS lost_after`,
      [query.readOnTimeline, query.position, query.stream],
    );
    const row = rows[0] as {
      end_position: number;
      end_revision: number | null;
      forked_after: number | null;
      lost_after: number | null;
    };
    return {
      endPosition: row.end_position,
      endRevision: row.end_revision,
      forkedAfter: row.forked_after,
      lostAfter: row.lost_after,
    };
  }

  private readsOnServer(): ReadsOnServer {
    return {
      locate: () => this.primary.locate(),
      readAllOn: (located, options) => this.readAllOn(located, options),
      readStreamOn: (located, stream, options) => this.readStreamOn(located, stream, options),
      historyOn: (located, query) => this.historyOn(located, query),
    };
  }

  private recorded(located: LocatedPrimary, rows: PostgresEventRow[]): RecordedEvent[] {
    let furthest: number | undefined;
    const events = rows.map((row) => {
      if (furthest === undefined || row.position > furthest) furthest = row.position;
      return toRecorded(row);
    });
    this.noteSeen(located, furthest);
    return events;
  }

  private noteSeen(located: LocatedPrimary, position: number | undefined): void {
    if (position === undefined) return;
    if (this.seen?.generation !== located.generation) this.seen = { generation: located.generation, position };
    else if (position > this.seen.position) this.seen.position = position;
  }

  private latestPosition(): Promise<number> {
    return this.query(
      'latest-position',
      `SELECT coalesce(max(position), 0) AS position FROM ${this.schema}.events`,
      [],
    ).then((rows) => (rows[0] as { position: number }).position);
  }

  /** A read on the primary, prepared once per connection; errors mapped. */
  private query(name: string, text: string, values: unknown[]): Promise<unknown[]> {
    return this.run(async () => this.queryOn(await this.primary.locate(), name, text, values));
  }

  /** A read on that server (a failure that says it is lost sends the store looking for the primary again). */
  private async queryOn(located: LocatedPrimary, name: string, text: string, values: unknown[]): Promise<unknown[]> {
    try {
      const result = await located.pool.query({ name: `${this.schema}-${name}`, text, values });
      return result.rows;
    } catch (error) {
      this.primary.failed(located, error);
      throw error;
    }
  }

  /** Work on the primary's pool (the snapshots'). */
  private async onPrimary<T>(work: (pool: LocatedPrimary['pool']) => Promise<T>): Promise<T> {
    const located = await this.primary.locate();
    try {
      return await work(located.pool);
    } catch (error) {
      this.primary.failed(located, error);
      throw error;
    }
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw this.closing
        ? new EventStoreUnavailableError('the postgres store is closed', { cause: error })
        : mapPostgresError(error);
    }
  }

  private assertOpen(): void {
    if (this.closing) throw new EventStoreUnavailableError('the postgres store is closed');
  }
}
