import { type EventStoreOptions, PostgresEventStore } from '@app/event-store';
import { gameStream } from '@app/games';
import { Pool } from 'pg';
import type { BenchRow } from './bench-result.model';
import { check, figure, main, row, storeArgument } from './bench-result.model';
import { type TurnBatch, turnBatches } from './sqlite-append.bench';
import { distribution, nowMs, slowTail } from './timing.kit';

const GAMES = 100;
const RUNS = 5;
const POOL_SIZE = 10;

let runs = 0;
/** A schema of its own for every run: both sides start from empty tables. */
const freshSchema = (base: string) => `${base}_${(runs += 1)}`;

/** 100 games at once, each awaiting its own turn batches one after another, as 100 clients' commands would. */
async function playGames(
  append: (stream: string, batch: TurnBatch, first: number) => Promise<void>,
  batches: TurnBatch[],
) {
  const batchMs: number[] = [];
  const start = nowMs();
  await Promise.all(
    Array.from({ length: GAMES }, async (_, g) => {
      const stream = gameStream(`bench-${g}`);
      let next = 0;
      for (const batch of batches) {
        const started = nowMs();
        await append(stream, batch, next);
        batchMs.push(nowMs() - started);
        next += batch.rows.length;
      }
    }),
  );
  return { ms: nowMs() - start, batchMs };
}

/** The service's path: PostgresEventStore.append (validation, JSON, the append lock, revision checks, grouping). */
async function appendThroughStore(url: string, base: string, batches: TurnBatch[]) {
  const store = new PostgresEventStore({ connectionString: url, schema: freshSchema(base), poolSize: POOL_SIZE });
  await store.ready();
  try {
    return await playGames(async (stream, batch, first) => {
      await store.append(stream, batch.events, first === 0 ? 'no-stream' : first - 1);
    }, batches);
  } finally {
    await store.close();
  }
}

/**
 * The baseline: the same rows, pre-serialised, into a table of the same columns, types and indexes (its position
 * a plain identity column), one INSERT of the whole batch — one transaction — per batch, through a pool of the
 * same size; no lock, no revision check.
 */
async function insertRaw(url: string, base: string, batches: TurnBatch[]) {
  const pool = new Pool({ connectionString: url, max: POOL_SIZE });
  const schema = freshSchema(base);
  try {
    await pool.query(`CREATE SCHEMA ${schema}`);
    await pool.query(`
      CREATE TABLE ${schema}.events (
        position    bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        stream      text        NOT NULL,
        revision    bigint      NOT NULL,
        type        text        NOT NULL,
        data        json        NOT NULL,
        metadata    json        NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (stream, revision)
      );
      CREATE INDEX ON ${schema}.events (type, position);
      CREATE INDEX ON ${schema}.events (position) INCLUDE (stream) WHERE revision = 0;`);
    const insert = `INSERT INTO ${schema}.events (stream, revision, type, data, metadata)
      SELECT $1, $2::bigint + k - 1, t, d::json, m::json
      FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS r(t, d, m, k)`;
    return await playGames(async (stream, batch, first) => {
      await pool.query({
        name: 'raw-insert',
        text: insert,
        values: [
          stream,
          first,
          batch.rows.map((r) => r.type),
          batch.rows.map((r) => r.data),
          batch.rows.map((r) => r.metadata),
        ],
      });
    }, batches);
  } finally {
    await pool.end();
  }
}

/**
 * Postgres append: 100 games appending turn-sized atomic batches concurrently through PostgresEventStore.append,
 * against raw node-postgres inserts of the same rows in one transaction per batch, on a local throwaway server with
 * its default (durable) settings. A fresh schema every run; store and raw runs alternate.
 */
export async function postgresAppendBench(store: EventStoreOptions): Promise<BenchRow[]> {
  const url = store.postgresUrl as string;
  const base = store.postgresSchema ?? 'bench_append';
  const batches = turnBatches();
  const rowsPerRun = batches.reduce((sum, b) => sum + b.rows.length, 0) * GAMES;
  const storeRates: number[] = [];
  const rawRates: number[] = [];
  const storeBatchMs: number[] = [];
  const rawBatchMs: number[] = [];
  // Warm-up (JIT, the server's caches) on a smaller load.
  await appendThroughStore(url, base, batches.slice(0, 2));
  await insertRaw(url, base, batches.slice(0, 2));
  for (let run = 0; run < RUNS; run += 1) {
    const order = run % 2 === 0 ? ['store', 'raw'] : ['raw', 'store'];
    for (const side of order) {
      const r = side === 'store' ? await appendThroughStore(url, base, batches) : await insertRaw(url, base, batches);
      (side === 'store' ? storeRates : rawRates).push((rowsPerRun / r.ms) * 1000);
      (side === 'store' ? storeBatchMs : rawBatchMs).push(...r.batchMs);
    }
  }
  const share = distribution(storeRates.map((rate, i) => rate / rawRates[i]));
  const eventsPerBatch = distribution(batches.map((b) => b.rows.length));
  return [
    row({
      id: 'postgres-append',
      what: 'postgres append, turn-sized atomic batches, 100 concurrent games',
      workload:
        `${GAMES} games × ${batches.length} turn batches (median ${eventsPerBatch.median} chained big-board events) ` +
        `= ${rowsPerRun.toLocaleString('en')} rows a run; ${RUNS} runs on fresh schemas, alternating; a local ` +
        `PostgreSQL 15 with its default settings (fsync on), pools of ${POOL_SIZE} connections`,
      measured: figure('PostgresEventStore.append', 'rows/s', slowTail(distribution(storeRates))),
      baseline: figure('raw pg INSERTs, one transaction per batch', 'rows/s', slowTail(distribution(rawRates))),
      ratio: { label: 'store rate / raw rate (median of paired runs)', value: share.median },
      target: '≥ 50% of raw',
      checks: [check('store / raw rate (median)', share.median, 'min', 0.5, '×')],
      details: {
        storeBatchMs: distribution(storeBatchMs),
        rawBatchMs: distribution(rawBatchMs),
        eventsPerBatch,
        shareByRun: share,
      },
    }),
  ];
}

if (require.main === module) {
  main(async () => {
    const store = storeArgument();
    if (store?.kind !== 'postgres') throw new Error('usage: postgres-append.bench.ts --store POSTGRES_STORE_JSON');
    return postgresAppendBench(store);
  });
}
