import { createStores } from '@app/event-store';
import type { NewEvent } from '@app/event-store';
import { applySchema } from '@app/event-store/sqlite/sqlite-schema';
import { chainEvents, genesisHash, gameStream } from '@app/games';
import type { DomainEvent } from '@app/rules';
import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BenchRow } from './bench-result.model';
import { check, figure, main, row } from './bench-result.model';
import { BIG_BOARD, recordSyntheticGame } from './synthetic-game';
import { distribution, nowMs, slowTail } from './timing.kit';

const GAMES = 100;
const TURNS = 6;
const RUNS = 5;

/** One turn's events, chained as the command service stores them, in both forms the two sides append. */
export interface TurnBatch {
  events: NewEvent[];
  /** The same rows pre-serialised, for the raw inserts. */
  rows: { type: string; data: string; metadata: string }[];
}

/** The turns of a synthetic big-board game (set-up + first turn, then one turn each), chained. */
export function turnBatches(): TurnBatch[] {
  const game = recordSyntheticGame({ ...BIG_BOARD, turns: TURNS }, 11);
  const { events } = chainEvents<DomainEvent>(genesisHash(game.gameId), game.events);
  const batches: DomainEvent[][] = [[]];
  for (const event of events) {
    batches[batches.length - 1].push(event);
    // A turn ends once its garbage collection started the next one (OrdersPhaseStarted closes the T1 steps).
    if (event.type === 'OrdersPhaseStarted' && batches[batches.length - 1].length > 1) batches.push([]);
  }
  return batches
    .filter((batch) => batch.length > 0)
    .map((batch) => ({
      events: batch.map((event) => ({ type: event.type, data: event.data, metadata: { ...event.metadata } })),
      rows: batch.map((event) => ({
        type: event.type,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify(event.metadata),
      })),
    }));
}

function fresh(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
}

/** The service's path: SqliteEventStore.append (validation, JSON, revision check, IMMEDIATE transaction). */
async function appendThroughStore(file: string, batches: TurnBatch[]): Promise<{ ms: number; batchMs: number[] }> {
  fresh(file);
  const stores = createStores({ kind: 'sqlite', sqlitePath: file });
  const batchMs: number[] = [];
  const start = nowMs();
  // 100 games at once: each awaits its own appends, turn after turn, as 100 clients' commands would.
  await Promise.all(
    Array.from({ length: GAMES }, async (_, g) => {
      const stream = gameStream(`bench-${g}`);
      let expected: number | 'no-stream' = 'no-stream';
      for (const batch of batches) {
        // The sqlite adapter does its work before its promise settles: time the call, not the wait behind the
        // other games' appends in the microtask queue.
        const started = nowMs();
        const appending = stores.eventStore.append(stream, batch.events, expected);
        batchMs.push(nowMs() - started);
        expected = (await appending).lastRevision;
      }
    }),
  );
  const ms = nowMs() - start;
  await stores.close();
  return { ms, batchMs };
}

/** The baseline: the same rows, pre-serialised, inserted with a prepared statement, one transaction per batch. */
async function insertRaw(file: string, batches: TurnBatch[]): Promise<{ ms: number; batchMs: number[] }> {
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
  const batchMs: number[] = [];
  const start = nowMs();
  // The same interleaving as the store's run: round by round, every game's next turn.
  await Promise.all(
    Array.from({ length: GAMES }, async (_, g) => {
      const stream = gameStream(`bench-${g}`);
      let next = 0;
      for (const batch of batches) {
        const started = nowMs();
        insertBatch(stream, next, batch.rows);
        batchMs.push(nowMs() - started);
        next += batch.rows.length;
        await Promise.resolve();
      }
    }),
  );
  const ms = nowMs() - start;
  db.close();
  return { ms, batchMs };
}

/**
 * SQLite append: 100 games appending turn-sized atomic batches concurrently through SqliteEventStore.append,
 * against raw better-sqlite3 inserts of the same rows (pre-serialised) in one transaction per batch, on the same
 * schema and pragmas. Fresh files every run; store and raw runs alternate.
 */
export async function sqliteAppendBench(): Promise<BenchRow[]> {
  const batches = turnBatches();
  const rowsPerRun = batches.reduce((sum, b) => sum + b.rows.length, 0) * GAMES;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-bench-append-'));
  const storeRates: number[] = [];
  const rawRates: number[] = [];
  const storeBatchMs: number[] = [];
  const rawBatchMs: number[] = [];
  try {
    // Warm-up (JIT, page cache) on a smaller load.
    await appendThroughStore(path.join(dir, 'warm.db'), batches.slice(0, 2));
    await insertRaw(path.join(dir, 'warm-raw.db'), batches.slice(0, 2));
    for (let run = 0; run < RUNS; run += 1) {
      const order = run % 2 === 0 ? ['store', 'raw'] : ['raw', 'store'];
      for (const side of order) {
        if (side === 'store') {
          const r = await appendThroughStore(path.join(dir, 'store.db'), batches);
          storeRates.push((rowsPerRun / r.ms) * 1000);
          storeBatchMs.push(...r.batchMs);
        } else {
          const r = await insertRaw(path.join(dir, 'raw.db'), batches);
          rawRates.push((rowsPerRun / r.ms) * 1000);
          rawBatchMs.push(...r.batchMs);
        }
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const share = distribution(storeRates.map((rate, i) => rate / rawRates[i]));
  const eventsPerBatch = distribution(batches.map((b) => b.rows.length));
  return [
    row({
      id: 'sqlite-append',
      what: 'sqlite append, turn-sized atomic batches, 100 concurrent games',
      workload:
        `${GAMES} games × ${batches.length} turn batches (median ${eventsPerBatch.median} chained big-board events) ` +
        `= ${rowsPerRun.toLocaleString('en')} rows a run; ${RUNS} runs on fresh files, alternating`,
      measured: figure('SqliteEventStore.append', 'rows/s', slowTail(distribution(storeRates))),
      baseline: figure('raw prepared inserts, one transaction per batch', 'rows/s', slowTail(distribution(rawRates))),
      ratio: { label: 'store rate / raw rate (median of paired runs)', value: share.median },
      target: '≥ 50% of raw',
      checks: [check('store / raw rate (median)', share.median, 'min', 0.5, '×')],
      details: {
        storeBatchMs: distribution(storeBatchMs),
        rawBatchMs: distribution(rawBatchMs),
        eventsPerBatch,
      },
    }),
  ];
}

if (require.main === module) main(sqliteAppendBench);
