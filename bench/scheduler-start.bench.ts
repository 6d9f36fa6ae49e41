import { NestFactory } from '@nestjs/core';
import { createStores } from '@app/event-store';
import { applySchema } from '@app/event-store/sqlite/sqlite-schema';
import { GamesModule, gameStream } from '@app/games';
import { CHECKPOINT_STREAM } from '@app/games/scheduling/collection-checkpoint.store';
import { GarbageCollectionScheduler } from '@app/games/scheduling/garbage-collection.scheduler';
import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BenchRow } from './bench-result.model';
import { check, figure, main, row } from './bench-result.model';
import { distribution, nowMs } from './timing.kit';

const TURNS = 50;
const BIG = 10_000;
const SMALL = 100;
const RUNS = 7;

/**
 * A store holding `games` games' worth of collections: each of TURNS turns scheduled and collected (the two event
 * types the scheduler reads), then the checkpoint a running scheduler would have left. Raw inserts, for speed.
 */
function buildStore(file: string, games: number): void {
  const db = new Database(file);
  applySchema(db, 'NORMAL');
  const insert = db.prepare(
    'INSERT INTO events (stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const at = new Date().toISOString();
  db.transaction(() => {
    for (let g = 0; g < games; g += 1) {
      const stream = gameStream(`bench-${g}`);
      for (let turn = 1; turn <= TURNS; turn += 1) {
        const metadata = JSON.stringify({ correlationId: `c-${g}-${turn}`, commandId: `c-${g}-${turn}` });
        insert.run(stream, turn * 2 - 2, 'GarbageCollectionScheduled', JSON.stringify({ turn }), metadata, at);
        insert.run(stream, turn * 2 - 1, 'GarbageCollected', JSON.stringify({ turn, minionIds: [] }), metadata, at);
      }
    }
    const last = (db.prepare('SELECT MAX(position) AS last FROM events').get() as { last: number }).last;
    insert.run(CHECKPOINT_STREAM, 0, 'CollectionCheckpoint', JSON.stringify({ position: last }), '{}', at);
  })();
  db.close();
}

/** How long the scheduler takes to start (read what is pending, subscribe) on the store in `file`. */
async function startOnce(file: string): Promise<number> {
  const app = await NestFactory.createApplicationContext(
    GamesModule.forRoot({ store: { kind: 'sqlite', sqlitePath: file }, runScheduler: false }),
    { logger: false },
  );
  await app.init();
  const scheduler = app.get(GarbageCollectionScheduler);
  const started = nowMs();
  await scheduler.start();
  const ms = nowMs() - started;
  await app.close();
  return ms;
}

/** What the scheduler's start did before it had a checkpoint: read every scheduled and collected turn ever recorded. */
async function readEverything(file: string): Promise<number> {
  const stores = await createStores({ kind: 'sqlite', sqlitePath: file });
  const started = nowMs();
  let n = 0;
  const filter = { streamPrefix: 'game-', eventTypes: ['GarbageCollectionScheduled', 'GarbageCollected'] };
  for await (const _event of stores.eventStore.allEvents({ filter })) n += 1;
  const ms = nowMs() - started;
  await stores.close();
  if (n !== BIG * TURNS * 2) throw new Error(`read ${n} events`);
  return ms;
}

/**
 * Scheduler start-up: the garbage-collection scheduler started on a store of 10,000 games × 50 turns against one of
 * 100 games × 50 turns, alternating; it reads from its checkpoint, so its cost must not grow with history.
 */
async function schedulerStartBench(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-bench-scheduler-'));
  try {
    const big = path.join(dir, 'big.db');
    const small = path.join(dir, 'small.db');
    buildStore(big, BIG);
    buildStore(small, SMALL);
    await startOnce(big);
    await startOnce(small);
    const bigMs: number[] = [];
    const smallMs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      if (run % 2 === 0) {
        bigMs.push(await startOnce(big));
        smallMs.push(await startOnce(small));
      } else {
        smallMs.push(await startOnce(small));
        bigMs.push(await startOnce(big));
      }
    }
    const everything = await readEverything(big);
    const measured = distribution(bigMs);
    const baseline = distribution(smallMs);
    const ratio = measured.median / baseline.median;
    return [
      row({
        id: 'scheduler-start',
        what: 'garbage-collection scheduler start-up, 10,000 games × 50 turns',
        workload: `${BIG} games × ${TURNS} turns (${BIG * TURNS * 2} scheduled/collected events) against ${SMALL} games, ${RUNS} starts each, alternating`,
        measured: figure('start on 10,000 games', 'ms', measured),
        baseline: figure('start on 100 games', 'ms', baseline),
        ratio: { label: 'start on 10,000 games ÷ on 100', value: ratio },
        target: 'start-up with 10,000 games × 50 turns ≤ 2× that with 100 games',
        checks: [check('10,000 ÷ 100 games (median)', ratio, 'max', 2, '×')],
        details: { readingEverythingMs: Math.round(everything), bigRunsMs: bigMs, smallRunsMs: smallMs },
      }),
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main(schedulerStartBench);
