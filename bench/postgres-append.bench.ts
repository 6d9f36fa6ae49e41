import type { EventStoreOptions } from '@app/event-store';
import { PostgresEventStore } from '@app/event-store/postgres/postgres-event-store';
import { Pool } from 'pg';
import { type TurnBatch, appendBench, playGames } from './append-bench.kit';
import type { BenchRow } from './bench-result.model';
import { main, storeArgument } from './bench-result.model';
import { timedAsync } from './timing.kit';

const POOL_SIZE = 10;

let runs = 0;
/** A schema of its own for every run: both sides start from empty tables. */
const freshSchema = (base: string) => `${base}_${(runs += 1)}`;

/** The service's path: PostgresEventStore.append (validation, JSON, the append lock, revision checks, grouping). */
async function appendThroughStore(url: string, base: string, batches: TurnBatch[]) {
  const store = new PostgresEventStore({ connectionString: url, schema: freshSchema(base), poolSize: POOL_SIZE });
  await store.ready();
  try {
    return await playGames(batches, async (stream, batch, first) => {
      const { ms } = await timedAsync(() => store.append(stream, batch.events, first === 0 ? 'no-stream' : first - 1));
      return ms;
    });
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
    return await playGames(batches, async (stream, batch, first) => {
      const values = [
        stream,
        first,
        batch.rows.map((r) => r.type),
        batch.rows.map((r) => r.data),
        batch.rows.map((r) => r.metadata),
      ];
      const { ms } = await timedAsync(() => pool.query({ name: 'raw-insert', text: insert, values }));
      return ms;
    });
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
  return [
    await appendBench(
      {
        store: (batches) => appendThroughStore(url, base, batches),
        raw: (batches) => insertRaw(url, base, batches),
      },
      {
        id: 'postgres-append',
        what: 'postgres append, turn-sized atomic batches, 100 concurrent games',
        freshRuns: 'fresh schemas',
        setting: `a local PostgreSQL 15 with its default settings (fsync on), pools of ${POOL_SIZE} connections`,
        storeLabel: 'PostgresEventStore.append',
        rawLabel: 'raw pg INSERTs, one transaction per batch',
        shareByRun: true,
      },
    ),
  ];
}

if (require.main === module) {
  main(async () => {
    const store = storeArgument();
    if (store?.kind !== 'postgres') throw new Error('usage: postgres-append.bench.ts --store POSTGRES_STORE_JSON');
    return postgresAppendBench(store);
  });
}
