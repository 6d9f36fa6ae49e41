import type Database from 'better-sqlite3';

/**
 * One `events` table is the log: `position` (AUTOINCREMENT, never reused) is the global position, and because
 * SQLite has a single writer and rows become visible only at commit, positions appear in commit order with no gap
 * a reader could skip past. UNIQUE(stream, revision) is the last line of defence against two writers.
 */
/** The command id of a row, as the index events_by_command holds it (a query must spell it the same to use it). */
const COMMAND_ID = `(CASE WHEN json_valid(metadata) THEN json_extract(metadata, '$.commandId') END)`;

/**
 * The rows of one command of one stream (`?` the stream, `?` the command id), through events_by_command: INDEXED BY,
 * because on a small table the planner prefers (stream, revision), which reads the whole stream.
 */
export const COMMAND_EVENTS = (columns: string) =>
  `SELECT ${columns} FROM events INDEXED BY events_by_command WHERE stream = ? AND ${COMMAND_ID} = ? ORDER BY revision`;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position    INTEGER PRIMARY KEY AUTOINCREMENT,
  stream      TEXT    NOT NULL,
  revision    INTEGER NOT NULL,
  type        TEXT    NOT NULL,
  data        TEXT    NOT NULL,
  metadata    TEXT    NOT NULL,
  recorded_at TEXT    NOT NULL,
  UNIQUE (stream, revision)
);
-- readAll / subscriptions filtered by event type.
CREATE INDEX IF NOT EXISTS events_by_type ON events (type, position);
-- listStreams: one small entry per stream (its first event) instead of a scan of the whole log.
CREATE INDEX IF NOT EXISTS events_stream_heads ON events (stream) WHERE revision = 0;
-- readCommand: a command's events by its id, however long its stream. The expression is NULL for metadata that is
-- not JSON, so a damaged row can still be written, indexed and reported (json_extract alone would refuse it).
CREATE INDEX IF NOT EXISTS events_by_command ON events (stream, ${COMMAND_ID});

-- Snapshots are a cache (deleting them changes no answer), keyed by engine version. A rowid table with its key in
-- an index of its own: a snapshot is tens of kilobytes, and a WITHOUT ROWID table keeps up to a kilobyte of every
-- row in its b-tree pages, inner ones too, so finding one took 0.15 ms where this index takes a few microseconds.
-- Earlier builds' table "snapshots" is neither read nor touched here; deleteSnapshotsExcept drops it.
CREATE TABLE IF NOT EXISTS stream_snapshots (
  id             INTEGER PRIMARY KEY,
  stream         TEXT    NOT NULL,
  engine_version TEXT    NOT NULL,
  revision       INTEGER NOT NULL,
  state          TEXT    NOT NULL,
  saved_at       TEXT    NOT NULL,
  UNIQUE (stream, engine_version, revision)
);
`;

export type SqliteSynchronous = 'NORMAL' | 'FULL';

export function applySchema(db: Database.Database, synchronous: SqliteSynchronous): void {
  // WAL: readers (subscriptions, other processes) never block the writer and vice versa.
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a commit is in the WAL file (the OS has it) before append() returns, so acknowledged
  // appends survive a crash of this process; only a power loss / OS crash can lose the last commits (never corrupt
  // the file). FULL also fsyncs the WAL on every commit, surviving power loss at the cost of write latency.
  db.pragma(`synchronous = ${synchronous}`);
  db.exec(SCHEMA);
}
