import { createStores } from '@app/event-store';
import { applySchema } from '@app/event-store/sqlite/sqlite-schema';
import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type AppendRun, type TurnBatch, appendBench, playGames } from './append-bench.kit';
import type { BenchRow } from './bench-result.model';
import { main } from './bench-result.model';
import { timed } from './timing.kit';

function fresh(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
}

/** The service's path: SqliteEventStore.append (validation, JSON, revision check, IMMEDIATE transaction). */
async function appendThroughStore(file: string, batches: TurnBatch[]): Promise<AppendRun> {
  fresh(file);
  const stores = await createStores({ kind: 'sqlite', sqlitePath: file });
  const run = await playGames(batches, async (stream, batch, first) => {
    // The sqlite adapter does its work before its promise settles: time the call, not the wait behind the
    // other games' appends in the microtask queue.
    const { ms, result } = timed(() =>
      stores.eventStore.append(stream, batch.events, first === 0 ? 'no-stream' : first - 1),
    );
    await result;
    return ms;
  });
  await stores.close();
  return run;
}

/** The baseline: the same rows, pre-serialised, inserted with a prepared statement, one transaction per batch. */
async function insertRaw(file: string, batches: TurnBatch[]): Promise<AppendRun> {
  fresh(file);
  const db = new Database(file);
  applySchema(db, 'NORMAL');
  const insert = db.prepare(
    `INSERT INTO events (stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const insertBatch = db.transaction((stream: string, first: number, rows: TurnBatch['rows']) => {
    const recordedAt = new Date().toISOString();
    rows.forEach((r, i) => insert.run(stream, first + i, r.type, r.data, r.metadata, recordedAt));
  });
  // The same interleaving as the store's run: round by round, every game's next turn.
  const run = await playGames(batches, async (stream, batch, first) => {
    const { ms } = timed(() => insertBatch(stream, first, batch.rows));
    await Promise.resolve();
    return ms;
  });
  db.close();
  return run;
}

/**
 * SQLite append: 100 games appending turn-sized atomic batches concurrently through SqliteEventStore.append,
 * against raw better-sqlite3 inserts of the same rows (pre-serialised) in one transaction per batch, on the same
 * schema and pragmas. Fresh files every run; store and raw runs alternate.
 */
export async function sqliteAppendBench(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-bench-append-'));
  try {
    return [
      await appendBench(
        {
          store: (batches) => appendThroughStore(path.join(dir, 'store.db'), batches),
          raw: (batches) => insertRaw(path.join(dir, 'raw.db'), batches),
        },
        {
          id: 'sqlite-append',
          what: 'sqlite append, turn-sized atomic batches, 100 concurrent games',
          freshRuns: 'fresh files',
          storeLabel: 'SqliteEventStore.append',
          rawLabel: 'raw prepared inserts, one transaction per batch',
        },
      ),
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) main(sqliteAppendBench);
