import { type ExpectedRevision, SqliteEventStore } from '@app/event-store';
import { PostgresEventStore } from '@app/event-store/postgres/postgres-event-store';
import { gameStream } from '@app/games';
import Database from 'better-sqlite3';
import { Pool } from 'pg';
import * as fs from 'node:fs';
import { argument, storeArgument } from './bench-result.model';
import type { MillionEventFixture } from './million-event.fixture';
import { nowMs } from './timing.kit';

const PAGE = 10_000;

/**
 * The million-event game of the SQLite fixture copied into a postgres store, event for event and snapshot for
 * snapshot, so that the time-travel and SSE benchmarks read the same game from either store.
 */
async function copyToPostgres(fixture: MillionEventFixture, url: string, schema: string): Promise<number> {
  const started = nowMs();
  const from = new SqliteEventStore({ path: fixture.path, backgroundCheckpoints: false });
  const to = new PostgresEventStore({ connectionString: url, schema, statementTimeoutMs: 120_000 });
  const stream = gameStream(fixture.gameId);
  try {
    let expected: ExpectedRevision = 'no-stream';
    for await (const page of from.readStreamPages(stream, { pageSize: PAGE })) {
      const events = page.map(({ type, data, metadata }) => ({ type, data, metadata }));
      expected = (await to.append(stream, events, expected)).nextExpectedRevision;
    }
    const db = new Database(fixture.path, { readonly: true });
    const rows = db.prepare('SELECT stream, engine_version, revision, state FROM stream_snapshots').all() as {
      stream: string;
      engine_version: string;
      revision: number;
      state: string;
    }[];
    db.close();
    for (let i = 0; i < rows.length; i += 8) {
      await Promise.all(
        rows.slice(i, i + 8).map((r) => to.saveSnapshot(r.stream, r.revision, r.engine_version, r.state)),
      );
    }
    if ((await to.streamRevision(stream)) !== fixture.events - 1) throw new Error('the copy is not whole');
    // Settled before anything is measured, as a long-lived database is: the vacuum and statistics that autovacuum
    // would otherwise run on the fresh million rows during the benchmarks, and the checkpoint of what they wrote.
    const pool = new Pool({ connectionString: url, max: 1 });
    try {
      await pool.query(`VACUUM (ANALYZE) ${schema}.events`);
      await pool.query(`VACUUM (ANALYZE) ${schema}.snapshots`);
      await pool.query('CHECKPOINT');
    } finally {
      await pool.end();
    }
  } finally {
    await from.close();
    await to.close();
  }
  return Math.round(nowMs() - started);
}

if (require.main === module) {
  const fixture = JSON.parse(fs.readFileSync(argument('fixture') as string, 'utf8')) as MillionEventFixture;
  const store = storeArgument();
  if (store?.kind !== 'postgres' || !store.postgresUrl) throw new Error('usage: --fixture FILE --store POSTGRES_JSON');
  copyToPostgres(fixture, store.postgresUrl, store.postgresSchema ?? 'bench_million').then(
    (ms) => {
      console.log(`copied the million-event game into postgres in ${(ms / 1000).toFixed(1)} s`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
