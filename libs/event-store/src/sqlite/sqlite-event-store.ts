import { parseStoredJson } from '../common/stored-json';
import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as path from 'node:path';
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
import {
  appendResultFor,
  checkExpectedRevision,
  type SerialisedAppend,
  serialiseAppend,
} from '../common/append-validation';
import { ChangeNotifier } from '../common/change-notifier';
import { assertCommandId, assertValidReadAllOptions, assertValidReadStreamOptions } from '../common/read-validation';
import type { EventRow } from '../common/event-row';
import { subscriptionOverReads } from '../common/subscription-over-reads';
import type { Snapshot, SnapshotStore } from '../snapshot-store.port';
import { isBusy, isUniqueViolation, mapSqliteError } from './sqlite-error-mapping';
import { GroupCommitQueue, type GroupOutcome } from './group-commit.queue';
import { COMMAND_EVENTS, applySchema, type SqliteSynchronous } from './sqlite-schema';
import { SqliteDurabilityCheck } from './sqlite-durability.check';
import { SqliteSnapshotStore } from './sqlite-snapshot-store';
import { SqliteWalCheckpointer } from './sqlite-wal.checkpointer';

export interface SqliteEventStoreOptions {
  /** Database file; its directory is created if missing. */
  path: string;
  /** How often live subscriptions look for appends made by other processes on the same file (default 250 ms). */
  pollIntervalMs?: number;
  /** 'NORMAL' (default): survives a process crash; 'FULL': also survives power loss (see sqlite-schema.ts). */
  synchronous?: SqliteSynchronous;
  /**
   * How long an append waits for another connection's write lock before EventStoreUnavailableError (default
   * 5000 ms). The wait is on timers, between short tries: never inside a statement, which would hold the event loop.
   */
  busyTimeoutMs?: number;
  /** Events per read while a subscription catches up (default 500). */
  subscriptionPageSize?: number;
  /**
   * Checkpoint the WAL from a worker thread instead of inside the commits of `append` (default true for a file;
   * see sqlite-wal.checkpointer.ts). Either way a commit is acknowledged once it is in the WAL.
   */
  backgroundCheckpoints?: boolean;
}

/**
 * With background checkpoints, SQLite's own automatic checkpoint stays on as a bound on the WAL, at this many pages
 * (the default is 1,000): the worker keeps the WAL copied back, but a WAL can only restart from its beginning
 * after a checkpoint that no commit overtook, which under a steady stream of appends the worker rarely manages.
 * The commit that finds the WAL this long then checkpoints what little the worker has not copied yet, and the
 * next commit restarts it.
 */
const WAL_PAGES_BEFORE_INLINE_CHECKPOINT = 4000;

/**
 * How long one statement may wait for a lock, synchronously (SQLite's busy timeout), once the store is open: as
 * long as the event loop may be held. An append's longer wait for another connection's write lock is made of such
 * tries with pauses between them (GroupCommitQueue); a read in WAL mode waits for no writer.
 */
const STATEMENT_BUSY_TIMEOUT_MS = 10;

const COLUMNS = 'position, stream, revision, type, data, metadata, recorded_at';

function toRecorded(row: EventRow): RecordedEvent {
  return {
    stream: row.stream,
    revision: row.revision,
    position: row.position,
    type: row.type,
    ...parseStoredJson(row.data, row.metadata),
    recordedAt: row.recorded_at,
  };
}

/** A GLOB pattern matching names that start with `prefix` literally (GLOB is case-sensitive, unlike LIKE). */
function globForPrefix(prefix: string): string {
  return `${prefix.replace(/[*?[]/g, (c) => `[${c}]`)}*`;
}

/**
 * The embedded default adapter (better-sqlite3, WAL). better-sqlite3 is synchronous, so every method does its
 * work before its promise settles; the async signatures are the port's, shared with the network adapter.
 */
export class SqliteEventStore extends EventStore implements SnapshotStore {
  readonly path: string;
  private readonly db: Database.Database;
  private readonly notifier = new ChangeNotifier();
  private readonly snapshots: SqliteSnapshotStore;
  private readonly pollIntervalMs: number;
  private readonly subscriptionPageSize: number | undefined;
  private readonly checkpointer: SqliteWalCheckpointer | undefined;
  /** Undefined for a database that has no files (`:memory:`). */
  private readonly durability: SqliteDurabilityCheck | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private lastSeenPosition = 0;
  private closed = false;

  private readonly insertEvent: Database.Statement;
  private readonly selectRevision: Database.Statement;
  private readonly selectForwards: Database.Statement;
  private readonly selectBackwards: Database.Statement;
  private readonly selectMaxPosition: Database.Statement;
  private readonly selectStreamHeads: Database.Statement;
  private readonly selectCommand: Database.Statement;
  private readonly readAllStatements = new Map<string, Database.Statement>();
  private readonly appends: GroupCommitQueue<SerialisedAppend, AppendResult>;

  constructor(options: SqliteEventStoreOptions) {
    super();
    this.path = options.path;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.subscriptionPageSize = options.subscriptionPageSize;
    const lockWaitMs = options.busyTimeoutMs ?? 5000;
    try {
      if (options.path !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(options.path)), { recursive: true });
      // Opening waits as long as an append would (it creates the schema at the first start, before serving).
      this.db = new Database(options.path, { timeout: lockWaitMs });
      const synchronous = options.synchronous ?? 'NORMAL';
      applySchema(this.db, synchronous);
      this.db.pragma(`busy_timeout = ${STATEMENT_BUSY_TIMEOUT_MS}`);
      const hasFiles = !this.db.memory && this.db.name !== '';
      // After the schema: opening in WAL mode has created the WAL file, whose identity is taken here.
      this.durability = hasFiles ? new SqliteDurabilityCheck(path.resolve(this.db.name)) : undefined;
      if ((options.backgroundCheckpoints ?? true) && hasFiles) {
        this.db.pragma(`wal_autocheckpoint = ${WAL_PAGES_BEFORE_INLINE_CHECKPOINT}`);
        this.checkpointer = new SqliteWalCheckpointer(this.db.name, synchronous);
      }
    } catch (error) {
      throw mapSqliteError(error);
    }

    // Prepared once, reused by every call.
    this.insertEvent = this.db.prepare(
      `INSERT INTO events (stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.selectRevision = this.db.prepare(`SELECT MAX(revision) AS revision FROM events WHERE stream = ?`);
    this.selectForwards = this.db.prepare(
      `SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`,
    );
    this.selectBackwards = this.db.prepare(
      `SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
    );
    this.selectMaxPosition = this.db.prepare(`SELECT MAX(position) AS position FROM events`);
    this.selectStreamHeads = this.db.prepare(
      `SELECT stream FROM events WHERE revision = 0 AND stream GLOB ? ORDER BY position ASC`,
    );
    this.selectCommand = this.db.prepare(COMMAND_EVENTS(COLUMNS));
    this.snapshots = new SqliteSnapshotStore(this.db);

    // One append inside its group's transaction: nested, so it runs in a savepoint that only its own failure
    // rolls back.
    const appendOne = this.db.transaction(({ stream, events, expected }: SerialisedAppend): AppendResult => {
      const current = this.currentRevision(stream);
      checkExpectedRevision(stream, expected, current);
      const recordedAt = new Date().toISOString();
      let revision = current ?? -1;
      const positions = events.map((e) => {
        revision += 1;
        const info = this.insertEvent.run(stream, revision, e.type, e.data, e.metadata, recordedAt);
        return Number(info.lastInsertRowid);
      });
      return appendResultFor(current, positions);
    });
    // The appends of one turn of the event loop share one transaction (group commit): under load, one commit and
    // one write of the pages they share (the table's tail, the type index) instead of one per append. A conflict is
    // that append's own outcome; any other failure (I/O, a full disk) rolls the whole group back and fails each
    // of its appends, as it would have failed each alone. IMMEDIATE takes the write lock before the revision
    // checks, so a check-then-insert cannot interleave with another process's append (a deferred transaction
    // could, and would then fail to upgrade its lock).
    const commitGroup = this.db.transaction((group: SerialisedAppend[]): GroupOutcome<AppendResult>[] =>
      group.map((append) => {
        try {
          return { ok: true, value: appendOne(append) };
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError || isUniqueViolation(error)) return { ok: false, error };
          throw error;
        }
      }),
    );
    this.appends = new GroupCommitQueue(
      (group) => {
        this.assertFilesDurable();
        return commitGroup.immediate(group);
      },
      {
        retryable: isBusy,
        waitMs: lockWaitMs,
      },
    );
  }

  override async append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    this.assertOpen();
    const append = serialiseAppend(stream, events, expectedRevision);
    let result: AppendResult;
    try {
      // Settles once the group's transaction has committed (or failed): nothing is acknowledged before.
      result = await this.appends.add(append);
    } catch (error) {
      // Another connection won the race between our check and our insert (only possible if it bypasses the
      // IMMEDIATE lock, e.g. an older build): the unique (stream, revision) key turns it into a conflict.
      if (isUniqueViolation(error)) {
        throw new WrongExpectedRevisionError(stream, expectedRevision, this.currentRevision(stream) ?? 'no-stream');
      }
      throw mapSqliteError(error);
    }
    const lastPosition = result.positions.at(-1);
    if (lastPosition !== undefined) {
      this.lastSeenPosition = Math.max(this.lastSeenPosition, lastPosition);
      this.notifier.notify();
    }
    return result;
  }

  override async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    assertValidReadStreamOptions(options);
    const limit = options.maxCount ?? -1; // LIMIT -1: no limit
    return this.run(() => {
      const rows =
        options.direction === 'backwards'
          ? this.selectBackwards.all(stream, options.from ?? Number.MAX_SAFE_INTEGER, limit)
          : this.selectForwards.all(stream, options.from ?? 0, limit);
      return (rows as EventRow[]).map(toRecorded);
    });
  }

  override async streamRevision(stream: string): Promise<number | null> {
    this.assertOpen();
    return this.run(() => this.currentRevision(stream));
  }

  /** From the index events_by_command. */
  override async readCommand(stream: string, commandId: string): Promise<RecordedEvent[]> {
    this.assertOpen();
    assertCommandId(commandId);
    return this.run(() => (this.selectCommand.all(stream, commandId) as EventRow[]).map(toRecorded));
  }

  override async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    assertValidReadAllOptions(options);
    const filter: EventFilter = options.filter ?? {};
    return this.run(() => {
      const types = filter.eventTypes;
      const byTypes = types === undefined ? 'none' : types.length === 1 ? 'one' : 'many';
      const statement = this.readAllStatement(filter.streamPrefix !== undefined, byTypes);
      const rows = statement.all({
        after: options.fromPosition ?? 0,
        limit: options.maxCount ?? -1,
        glob: filter.streamPrefix === undefined ? null : globForPrefix(filter.streamPrefix),
        types: byTypes === 'many' ? JSON.stringify(types) : null,
        type: byTypes === 'one' ? (types as string[])[0] : null,
      }) as EventRow[];
      return rows.map(toRecorded);
    });
  }

  override subscribe(options: SubscribeOptions = {}): Observable<RecordedEvent> {
    if (this.closed) return throwError(() => new EventStoreUnavailableError('the sqlite store is closed'));
    return defer(() => {
      this.startPolling();
      return subscriptionOverReads(
        this,
        options,
        { notifier: this.notifier, mapError: mapSqliteError },
        this.subscriptionPageSize,
      );
    });
  }

  override async listStreams(prefix = ''): Promise<string[]> {
    this.assertOpen();
    return this.run(() =>
      (this.selectStreamHeads.all(globForPrefix(prefix)) as { stream: string }[]).map((r) => r.stream),
    );
  }

  /** Open, the files at the path the ones opened, room on the disk, and a read answered. */
  override async checkReady(): Promise<void> {
    this.assertOpen();
    this.assertFilesDurable();
    const space = this.durability?.spaceProblem();
    if (space) throw new EventStoreUnavailableError(space);
    this.run(() => this.maxPosition());
  }

  override async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Appends already accepted are committed (or, past their wait for a lock, refused), not dropped.
    this.appends.flush();
    await this.appends.whenIdle();
    this.stopPolling();
    this.notifier.close();
    // The worker's connection first: the store's, closing last, then checkpoints and removes the WAL as before.
    await this.checkpointer?.stop();
    this.db.close();
  }

  async saveSnapshot(stream: string, revision: number, engineVersion: string, state: string): Promise<void> {
    this.assertOpen();
    return this.runAsync(() => this.snapshots.saveSnapshot(stream, revision, engineVersion, state));
  }

  async loadSnapshot(stream: string, engineVersion: string, atOrBefore?: number): Promise<Snapshot | null> {
    this.assertOpen();
    return this.runAsync(() => this.snapshots.loadSnapshot(stream, engineVersion, atOrBefore));
  }

  async deleteSnapshotsExcept(engineVersion: string): Promise<number> {
    this.assertOpen();
    return this.runAsync(() => this.snapshots.deleteSnapshotsExcept(engineVersion));
  }

  async deleteSnapshots(stream?: string): Promise<number> {
    this.assertOpen();
    return this.runAsync(() => this.snapshots.deleteSnapshots(stream));
  }

  private currentRevision(stream: string): number | null {
    return (this.selectRevision.get(stream) as { revision: number | null }).revision;
  }

  /** One prepared statement per filter shape, so the planner sees a plain query for each. */
  private readAllStatement(byPrefix: boolean, byTypes: 'none' | 'one' | 'many'): Database.Statement {
    const key = `${byPrefix}:${byTypes}`;
    let statement = this.readAllStatements.get(key);
    if (!statement) {
      const where = ['position > @after'];
      // `+stream`: the prefix must not steer the planner to the (stream, revision) index. With it, SQLite reads every
      // matching row of the whole log and sorts them by position for each page, so a full catch-up was quadratic
      // (146 s for a million events); along the primary key a page costs only the rows it walks past.
      if (byPrefix) where.push('+stream GLOB @glob');
      // One type (the garbage-collection scheduler's, queried after every append) is a plain index seek, about a
      // third of the cost of the json_each list and the sort it brings.
      if (byTypes === 'one') where.push('type = @type');
      if (byTypes === 'many') where.push('type IN (SELECT value FROM json_each(@types))');
      statement = this.db.prepare(
        `SELECT ${COLUMNS} FROM events WHERE ${where.join(' AND ')} ORDER BY position ASC LIMIT @limit`,
      );
      this.readAllStatements.set(key, statement);
    }
    return statement;
  }

  /**
   * Live subscriptions are woken at once by appends from this instance; appends by other processes on the same
   * file are noticed by this poll (one cheap MAX(position) per tick, only while someone is subscribed).
   */
  private startPolling(): void {
    if (this.pollTimer || this.closed) return;
    this.lastSeenPosition = this.maxPosition();
    this.pollTimer = setInterval(() => {
      if (this.notifier.size === 0) return this.stopPolling();
      let max: number;
      try {
        max = this.maxPosition();
      } catch {
        return; // a locked or vanished file: the subscriptions' own reads report it
      }
      if (max !== this.lastSeenPosition) {
        this.lastSeenPosition = max;
        this.notifier.notify();
      }
    }, this.pollIntervalMs);
    this.pollTimer.unref(); // never keeps the process alive on its own
  }

  private stopPolling(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  private maxPosition(): number {
    return (this.selectMaxPosition.get() as { position: number | null }).position ?? 0;
  }

  private run<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      throw mapSqliteError(error);
    }
  }

  private async runAsync<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw mapSqliteError(error);
    }
  }

  /**
   * Refuses to commit into files no later start would read. What was committed before the WAL was deleted is
   * still in the file this connection has open: a checkpoint copies it into the database file, which a restart
   * reads, so that nothing acknowledged is lost with the WAL.
   */
  private assertFilesDurable(): void {
    const problem = this.durability?.filesProblem();
    if (!problem) return;
    try {
      this.db.pragma('wal_checkpoint(FULL)');
    } catch {
      // Busy: the background checkpointer copies the same frames within moments.
    }
    throw new EventStoreUnavailableError(problem);
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreUnavailableError('the sqlite store is closed');
  }
}
