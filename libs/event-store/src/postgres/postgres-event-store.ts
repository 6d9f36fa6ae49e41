import { Client, Pool, type PoolConfig, types as pgTypes } from 'pg';
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
import { appendResultFor, type SerialisedAppend, serialiseAppend } from '../shared/append-validation';
import { ChangeNotifier } from '../shared/change-notifier';
import { assertCommandId, assertValidReadAllOptions, assertValidReadStreamOptions } from '../shared/read-validation';
import type { EventRow } from '../shared/event-row';
import { subscriptionOverReads } from '../shared/subscription-over-reads';
import type { Snapshot, SnapshotStore } from '../snapshot-store.port';
import { AppendGroupQueue, type AppendOutcome } from './postgres-append.queue';
import { PostgresAppendListener } from './postgres-append.listener';
import { isPostgresUniqueViolation, isPostgresUnavailable, mapPostgresError } from './postgres-error-mapping';
import {
  EXPECT_ANY,
  EXPECT_NO_STREAM,
  appendChannel,
  assertValidSchemaName,
  migratePostgresSchema,
} from './postgres-schema.migrations';
import { PostgresSnapshotStore } from './postgres-snapshot-store';

export interface PostgresEventStoreOptions {
  /** A libpq connection URI: `postgresql://user:password@host:5432/database?sslmode=…` (POSTGRES_URL). */
  connectionString: string;
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
}

export const DEFAULT_POSTGRES_SCHEMA = 'sanctum';
export const DEFAULT_POSTGRES_POOL_SIZE = 10;
export const DEFAULT_POSTGRES_STATEMENT_TIMEOUT_MS = 10_000;

const DEFAULT_APPEND_GROUPS_IN_FLIGHT = 4;

/** How much longer than the server's statement timeout the client waits for an answer (a dead network). */
const CLIENT_TIMEOUT_MARGIN_MS = 5_000;

/** jsonb columns come parsed. */
type PostgresEventRow = EventRow<unknown, Record<string, unknown>>;

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
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
  };
}

function expectedParameter(expected: ExpectedRevision): number {
  return expected === 'any' ? EXPECT_ANY : expected === 'no-stream' ? EXPECT_NO_STREAM : expected;
}

function assertValidConnectionString(connectionString: string): void {
  if (typeof connectionString !== 'string' || !/^postgres(ql)?:\/\//i.test(connectionString.trim())) {
    throw new TypeError(
      'postgres connection string must be a URI, postgresql://user:password@host:5432/database (got ' +
        `'${String(connectionString).replace(/\/\/[^@/]*@/, '//***@')}')`,
    );
  }
}

function assertWholeNumber(name: string, value: number | undefined, min: number): void {
  if (value !== undefined && (!Number.isSafeInteger(value) || value < min)) {
    throw new TypeError(`postgres ${name} must be a whole number >= ${min}, got ${String(value)}`);
  }
}

/**
 * The PostgreSQL adapter (node-postgres): several service instances share one database. Appends go through one
 * function, append_events, under a transaction-scoped advisory lock (as Message DB does), which makes the revision
 * checks race-free and hands out global positions in commit order — see libs/event-store/README.md for why and
 * what it costs. Live subscriptions are woken by LISTEN/NOTIFY, with polling as the fallback, and wait out a lost
 * server. The schema is created and migrated on first use.
 */
export class PostgresEventStore extends EventStore implements SnapshotStore {
  readonly schema: string;
  private readonly pool: Pool;
  private readonly notifier = new ChangeNotifier();
  private readonly listener: PostgresAppendListener;
  private readonly snapshots: PostgresSnapshotStore;
  private readonly appends: AppendGroupQueue<SerialisedAppend, AppendResult>;
  private readonly pollIntervalMs: number;
  private readonly subscriptionPageSize: number | undefined;
  private schemaReady: Promise<void> | undefined;
  private closing: Promise<void> | undefined;

  constructor(options: PostgresEventStoreOptions) {
    super();
    assertValidConnectionString(options.connectionString);
    this.schema = options.schema ?? DEFAULT_POSTGRES_SCHEMA;
    assertValidSchemaName(this.schema);
    assertWholeNumber('pool size', options.poolSize, 1);
    assertWholeNumber('statement timeout', options.statementTimeoutMs, 1);
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.subscriptionPageSize = options.subscriptionPageSize;
    const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_POSTGRES_STATEMENT_TIMEOUT_MS;
    const config: PoolConfig = {
      connectionString: options.connectionString,
      application_name: 'sanctum-chronicle',
      max: options.poolSize ?? DEFAULT_POSTGRES_POOL_SIZE,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      statement_timeout: statementTimeoutMs,
      query_timeout: statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
      keepAlive: true,
      types: TYPE_PARSERS,
    };
    this.pool = new Pool(config);
    // A pooled connection that dies while idle (a restarted server, a terminated backend) reports here: the pool
    // has already dropped it and opens a new one for the next query, which is all there is to do.
    this.pool.on('error', () => undefined);
    this.snapshots = new PostgresSnapshotStore(this.pool, this.schema);
    this.listener = new PostgresAppendListener({
      newClient: () => new Client({ ...config, query_timeout: undefined, statement_timeout: undefined }),
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

  /** Creates or migrates the schema now (otherwise the first call does); safe from several instances at once. */
  ready(): Promise<void> {
    this.assertOpen();
    return this.run(() => this.ensureSchema());
  }

  override async append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    this.assertOpen();
    const append = serialiseAppend(stream, events, expectedRevision);
    // Settles once its group's transaction has committed (or failed): nothing is acknowledged before.
    const result = await this.appends.add(append);
    const lastPosition = result.positions.at(-1);
    if (lastPosition !== undefined) {
      this.listener.noteAppended(lastPosition);
      this.notifier.notify(); // this process's subscribers need not wait for the notification's round trip
    }
    return result;
  }

  override async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    assertValidReadStreamOptions(options);
    const backwards = options.direction === 'backwards';
    return this.query(
      backwards ? 'read-stream-backwards' : 'read-stream-forwards',
      backwards
        ? `SELECT ${COLUMNS} FROM ${this.schema}.events WHERE stream = $1 AND revision <= $2
           ORDER BY revision DESC LIMIT $3`
        : `SELECT ${COLUMNS} FROM ${this.schema}.events WHERE stream = $1 AND revision >= $2
           ORDER BY revision ASC LIMIT $3`,
      [stream, options.from ?? (backwards ? Number.MAX_SAFE_INTEGER : 0), options.maxCount ?? null],
    ).then((rows) => (rows as PostgresEventRow[]).map(toRecorded));
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

  /** From the index events_by_command (schema version 2). */
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
    assertValidReadAllOptions(options);
    const filter: EventFilter = options.filter ?? {};
    if (filter.eventTypes !== undefined && filter.eventTypes.length === 0) return [];
    const where = ['position > $1'];
    const values: unknown[] = [options.fromPosition ?? 0, options.maxCount ?? null];
    // starts_with compares the characters as they are: no wildcards, case-sensitive.
    if (filter.streamPrefix !== undefined) where.push(`starts_with(stream, $${values.push(filter.streamPrefix)})`);
    if (filter.eventTypes !== undefined) where.push(`type = ANY($${values.push(filter.eventTypes)}::text[])`);
    const name = `read-all-${filter.streamPrefix !== undefined}-${filter.eventTypes !== undefined}`;
    const rows = await this.query(
      name,
      `SELECT ${COLUMNS} FROM ${this.schema}.events WHERE ${where.join(' AND ')} ORDER BY position ASC LIMIT $2`,
      values,
    );
    return (rows as PostgresEventRow[]).map(toRecorded);
  }

  override subscribe(options: SubscribeOptions = {}): Observable<RecordedEvent> {
    if (this.closing) return throwError(() => new EventStoreUnavailableError('the postgres store is closed'));
    return defer(() => {
      this.listener.start();
      // A read lost with its connection is tried again soon, whatever the poll's pace: the pool reconnects at once.
      const outlast = { isTransient: isPostgresUnavailable, retryMs: Math.min(this.pollIntervalMs, 1000) };
      return subscriptionOverReads(
        this,
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
      await this.pool.end().catch(() => undefined);
    })();
    return this.closing;
  }

  async saveSnapshot(stream: string, revision: number, engineVersion: string, state: string): Promise<void> {
    this.assertOpen();
    return this.run(async () => {
      await this.ensureSchema();
      await this.snapshots.saveSnapshot(stream, revision, engineVersion, state);
    });
  }

  async loadSnapshot(stream: string, engineVersion: string, atOrBefore?: number): Promise<Snapshot | null> {
    this.assertOpen();
    return this.run(async () => {
      await this.ensureSchema();
      return this.snapshots.loadSnapshot(stream, engineVersion, atOrBefore);
    });
  }

  async deleteSnapshots(stream?: string): Promise<number> {
    this.assertOpen();
    return this.run(async () => {
      await this.ensureSchema();
      return this.snapshots.deleteSnapshots(stream);
    });
  }

  async deleteSnapshotsExcept(engineVersion: string): Promise<number> {
    this.assertOpen();
    return this.run(async () => {
      await this.ensureSchema();
      return this.snapshots.deleteSnapshotsExcept(engineVersion);
    });
  }

  /** One transaction for the group: a row per append from append_events, in order. */
  private async commitGroup(group: SerialisedAppend[]): Promise<AppendOutcome<AppendResult>[]> {
    try {
      await this.ensureSchema();
      return await this.callAppendEvents(group);
    } catch (error) {
      // Another writer slipped a row in without the lock (an older build, a hand-made insert): the unique
      // (stream, revision) key stopped the whole group. Each append alone then either gets in or is a conflict.
      if (!isPostgresUniqueViolation(error) || group.length === 0) throw mapPostgresError(error);
    }
    const outcomes: AppendOutcome<AppendResult>[] = [];
    for (const append of group) {
      try {
        outcomes.push(...(await this.callAppendEvents([append])));
      } catch (error) {
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

  private async callAppendEvents(group: SerialisedAppend[]): Promise<AppendOutcome<AppendResult>[]> {
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
    const { rows } = await this.pool.query<{ ok: boolean; actual: number | null; first_position: number }>({
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
      return { ok: true, value: appendResultFor(actual, positions) };
    });
  }

  private latestPosition(): Promise<number> {
    return this.query(
      'latest-position',
      `SELECT coalesce(max(position), 0) AS position FROM ${this.schema}.events`,
      [],
    ).then((rows) => (rows[0] as { position: number }).position);
  }

  /** A read through the pool, prepared once per connection, after the schema is in place; errors mapped. */
  private query(name: string, text: string, values: unknown[]): Promise<unknown[]> {
    return this.run(async () => {
      await this.ensureSchema();
      const result = await this.pool.query({ name: `${this.schema}-${name}`, text, values });
      return result.rows;
    });
  }

  /** Migrates once per store; a failure (the server is down) is not kept: the next call tries again. */
  private ensureSchema(): Promise<void> {
    if (this.schemaReady === undefined) {
      const migrating = migratePostgresSchema(this.pool, this.schema).then(() => undefined);
      this.schemaReady = migrating;
      migrating.catch(() => {
        if (this.schemaReady === migrating) this.schemaReady = undefined;
      });
    }
    return this.schemaReady;
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
