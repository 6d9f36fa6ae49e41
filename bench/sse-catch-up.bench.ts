import { createStores, type EventStoreOptions } from '@app/event-store';
import { GAME_STREAM_PREFIX } from '@app/games';
import * as fs from 'node:fs';
import type { BenchRow } from './bench-result.model';
import { argument, check, figure, main, row, storeArgument } from './bench-result.model';
import type { ServerStats } from './api-server.handle';
import { BENCH_ORGANISER_TOKEN, startApiServer } from './api-server.handle';
import type { MillionEventFixture } from './million-event.fixture';
import type { SseCatchUp } from './sse-consumer';
import { consumeSse } from './sse-consumer';
import { distribution, nowMs, slowTail } from './timing.kit';

const RUNS = Number(process.env.BENCH_SSE_RUNS ?? 3);
/** Far above what a working stream needs, so that a stalled or dropped one ends the bench rather than hangs it. */
const TIME_LIMIT_MS = 120_000;

/** The same read the global stream's catch-up does (same filter, same page size), straight from the store. */
async function readRaw(store: EventStoreOptions): Promise<{ events: number; ms: number }> {
  const stores = await createStores(store);
  const start = nowMs();
  let events = 0;
  for await (const page of stores.eventStore.readAllPages({ filter: { streamPrefix: GAME_STREAM_PREFIX } })) {
    events += page.length;
  }
  const ms = nowMs() - start;
  await stores.close();
  return { events, ms };
}

/**
 * SSE catch-up: one consumer of `GET /events/stream` (the organiser's global stream, from the beginning) receives the
 * million-event game's events from a server in its own process, against reading the same events straight from the
 * store (readAllPages, same filter and page size) in this process. Raw reads and SSE runs alternate. The game is
 * read from the fixture's SQLite file, or from `store` (the same game copied into postgres).
 */
export async function sseCatchUpBench(fixture: MillionEventFixture, store?: EventStoreOptions): Promise<BenchRow[]> {
  const storeOptions: EventStoreOptions = store ?? { kind: 'sqlite', sqlitePath: fixture.path };
  const onPostgres = storeOptions.kind === 'postgres';
  const raw: number[] = [];
  const sse: number[] = [];
  const runs: (SseCatchUp & { rawMs: number })[] = [];
  const servers: ServerStats[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const read = await readRaw(storeOptions);
    if (read.events !== fixture.events) throw new Error(`the store holds ${read.events} events`);
    const server = await startApiServer(storeOptions, 'off');
    const url = `${server.url}/events/stream?token=${BENCH_ORGANISER_TOKEN}`;
    const caughtUp = await consumeSse(url, fixture.events, TIME_LIMIT_MS);
    servers.push(await server.stop());
    raw.push((read.events / read.ms) * 1000);
    sse.push((caughtUp.events / caughtUp.ms) * 1000);
    runs.push({ ...caughtUp, rawMs: Math.round(read.ms) });
  }
  const complete = runs.every((r) => r.cutShort === null && r.events === fixture.events);
  const rates = distribution(sse);
  const rawRates = distribution(raw);
  const share = distribution(sse.map((rate, i) => rate / raw[i]));
  return [
    row({
      id: onPostgres ? 'postgres-sse-catch-up' : 'sse-catch-up',
      what: `SSE catch-up of 1,000,000 events to one consumer${onPostgres ? ', postgres' : ''}`,
      workload:
        `GET /events/stream (organiser) from the start of a ${onPostgres ? 'PostgreSQL' : 'SQLite'} store holding the ` +
        `${fixture.events.toLocaleString('en')}` +
        `-event game; server and consumer in separate processes; ${RUNS} runs alternating with the raw read`,
      measured: figure('SSE events received', 'events/s', slowTail(rates)),
      baseline: figure('readAllPages straight from the store', 'events/s', slowTail(rawRates)),
      ratio: { label: 'SSE rate / raw read rate (median of paired runs)', value: share.median },
      target: '≥ 30% of the raw read rate',
      checks: [
        check('SSE / raw read rate (median)', share.median, 'min', 0.3, '×'),
        check('every run received all events', complete ? 1 : 0, 'min', 1),
      ],
      serverPeakRssMb: Math.max(...servers.map((s) => s.peakRssMb)),
      details: {
        runs,
        serverCpuMs: servers.map((s) => Math.round(s.cpuMs)),
      },
    }),
  ];
}

if (require.main === module) {
  const fixture = JSON.parse(fs.readFileSync(argument('fixture') as string, 'utf8')) as MillionEventFixture;
  main(() => sseCatchUpBench(fixture, storeArgument()));
}
