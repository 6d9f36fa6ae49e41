/**
 * The harness of the append benchmarks: a store's append against raw inserts of the same rows into the same
 * database, both sides playing the same concurrent games of turn-sized batches.
 */

import type { NewEvent } from '@app/event-store';
import { chainEvents, genesisHash, gameStream } from '@app/games';
import type { DomainEvent } from '@app/rules';
import type { BenchRow } from './bench-result.model';
import { check, figure, row } from './bench-result.model';
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
function turnBatches(): TurnBatch[] {
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

/** How long one side's run took, all games together, and each of its batches. */
export interface AppendRun {
  ms: number;
  batchMs: number[];
}

/**
 * Appends one batch to `stream` at revision `first` onwards and resolves with the milliseconds it counts for the
 * batch (the side decides what its time is: an adapter that works before its promise settles times the call).
 */
export type TimedBatchAppend = (stream: string, batch: TurnBatch, first: number) => Promise<number>;

/** 100 games at once, each awaiting its own turn batches one after another, as 100 clients' commands would. */
export async function playGames(batches: TurnBatch[], append: TimedBatchAppend): Promise<AppendRun> {
  const batchMs: number[] = [];
  const start = nowMs();
  await Promise.all(
    Array.from({ length: GAMES }, async (_, g) => {
      const stream = gameStream(`bench-${g}`);
      let next = 0;
      for (const batch of batches) {
        batchMs.push(await append(stream, batch, next));
        next += batch.rows.length;
      }
    }),
  );
  return { ms: nowMs() - start, batchMs };
}

/** The two sides of an append benchmark, each a whole run of the given batches on fresh tables. */
export interface AppendSides {
  store(batches: TurnBatch[]): Promise<AppendRun>;
  raw(batches: TurnBatch[]): Promise<AppendRun>;
}

/** What the row says beyond the figures every append benchmark reports. */
export interface AppendRowText {
  id: string;
  what: string;
  /** What every run starts from ('fresh files'). */
  freshRuns: string;
  /** Anything else of the workload worth saying (the server's settings). */
  setting?: string;
  storeLabel: string;
  rawLabel: string;
  /** Whether the details list the store / raw rate of each run. */
  shareByRun?: boolean;
}

/** Warms both sides up on a smaller load, then runs them alternately (who goes first alternates too), paired. */
export async function appendBench(sides: AppendSides, text: AppendRowText): Promise<BenchRow> {
  const batches = turnBatches();
  const rowsPerRun = batches.reduce((sum, b) => sum + b.rows.length, 0) * GAMES;
  const rates = { store: [] as number[], raw: [] as number[] };
  const batchMs = { store: [] as number[], raw: [] as number[] };
  // Warm-up (JIT, the caches) on a smaller load.
  await sides.store(batches.slice(0, 2));
  await sides.raw(batches.slice(0, 2));
  for (let run = 0; run < RUNS; run += 1) {
    const order = run % 2 === 0 ? (['store', 'raw'] as const) : (['raw', 'store'] as const);
    for (const side of order) {
      const r = await sides[side](batches);
      rates[side].push((rowsPerRun / r.ms) * 1000);
      batchMs[side].push(...r.batchMs);
    }
  }
  const share = distribution(rates.store.map((rate, i) => rate / rates.raw[i]));
  const eventsPerBatch = distribution(batches.map((b) => b.rows.length));
  return row({
    id: text.id,
    what: text.what,
    workload:
      `${GAMES} games × ${batches.length} turn batches (median ${eventsPerBatch.median} chained big-board events) ` +
      `= ${rowsPerRun.toLocaleString('en')} rows a run; ${RUNS} runs on ${text.freshRuns}, alternating` +
      (text.setting === undefined ? '' : `; ${text.setting}`),
    measured: figure(text.storeLabel, 'rows/s', slowTail(distribution(rates.store))),
    baseline: figure(text.rawLabel, 'rows/s', slowTail(distribution(rates.raw))),
    ratio: { label: 'store rate / raw rate (median of paired runs)', value: share.median },
    target: '≥ 50% of raw',
    checks: [check('store / raw rate (median)', share.median, 'min', 0.5, '×')],
    details: {
      storeBatchMs: distribution(batchMs.store),
      rawBatchMs: distribution(batchMs.raw),
      eventsPerBatch,
      ...(text.shareByRun ? { shareByRun: share } : {}),
    },
  });
}
