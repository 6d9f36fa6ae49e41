import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { EventStoreOptions } from '@app/event-store';
import { PostgresCluster, postgresUnavailableReason } from '../test/support/postgres-cluster';
import type { BenchRow } from './bench-result.model';
import { runScript } from './child-process.kit';
import { markdownTable, terminalTable } from './results-table.format';
import { nowMs } from './timing.kit';

/** The schema the million-event game is copied into. */
const MILLION_SCHEMA = 'bench_million';

/**
 * `npm run bench`: the quick set — the benchmarks that need neither the million-event store nor PostgreSQL — each in
 * a process of its own (so each peak RSS is its own and no JIT state or heap carries over), one after another, then
 * the table and bench/results.json. `npm run bench:all` (`--all`) runs every one; `--only id,id` runs those named.
 * The million-event store is built once, in a temporary folder, for the time-travel and SSE benchmarks. The
 * postgres ones run on a throwaway PostgreSQL server started for the run (default, durable settings), the
 * million-event game copied into it once; without PostgreSQL binaries they are skipped, saying why.
 */
const BENCHES: { id: string; script: string; fixture?: boolean; postgres?: string }[] = [
  { id: 'engine', script: 'engine.bench.ts' },
  { id: 'time-travel', script: 'time-travel.bench.ts', fixture: true },
  { id: 'sqlite-append', script: 'sqlite-append.bench.ts' },
  { id: 'http-commands', script: 'http-commands.bench.ts' },
  { id: 'sse-catch-up', script: 'sse-catch-up.bench.ts', fixture: true },
  { id: 'audit', script: 'audit.bench.ts' },
  { id: 'scheduler-start', script: 'scheduler-start.bench.ts' },
  { id: 'keyed-commands', script: 'keyed-commands.bench.ts' },
  { id: 'postgres-append', script: 'postgres-append.bench.ts', postgres: 'bench_append' },
  { id: 'postgres-time-travel', script: 'time-travel.bench.ts', fixture: true, postgres: MILLION_SCHEMA },
  { id: 'postgres-sse-catch-up', script: 'sse-catch-up.bench.ts', fixture: true, postgres: MILLION_SCHEMA },
  { id: 'postgres-http-commands', script: 'http-commands.bench.ts', postgres: 'bench_http' },
  { id: 'postgres-keyed-commands', script: 'keyed-commands.bench.ts', postgres: 'bench_keyed' },
  { id: 'replay-page', script: 'replay-page.bench.ts', fixture: true },
  { id: 'replay-verify', script: 'replay-verify.bench.ts' },
];

function runBench(script: string, args: string[]): { ok: boolean; ms: number } {
  const started = nowMs();
  const ok = runScript(path.join(__dirname, script), args);
  return { ok, ms: nowMs() - started };
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

async function main(): Promise<void> {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : null;
  const all = process.argv.includes('--all');
  const unknown = only?.filter((id) => !BENCHES.some((bench) => bench.id === id)) ?? [];
  if (unknown.length > 0) {
    console.error(`--only: no benchmark ${unknown.join(', ')}; there are ${BENCHES.map((b) => b.id).join(', ')}`);
    process.exitCode = 2;
    return;
  }
  let selected = BENCHES.filter((bench) =>
    only !== null ? only.includes(bench.id) : all || (bench.fixture !== true && bench.postgres === undefined),
  );
  const skipped: string[] = [];
  const noPostgres = postgresUnavailableReason();
  if (noPostgres !== null && selected.some((bench) => bench.postgres)) {
    for (const bench of selected.filter((b) => b.postgres)) skipped.push(`${bench.id} (${noPostgres})`);
    console.log(`skipping the postgres benchmarks: ${noPostgres}`);
    selected = selected.filter((bench) => !bench.postgres);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-bench-'));
  const started = nowMs();
  const rows: BenchRow[] = [];
  const failed: string[] = [];
  const steps: Record<string, number> = {};
  let cluster: PostgresCluster | undefined;
  try {
    const fixtureJson = path.join(dir, 'fixture.json');
    if (selected.some((bench) => bench.fixture)) {
      console.log('building the million-event store…');
      const built = runBench('million-event.fixture.ts', [path.join(dir, 'million.db'), '--out', fixtureJson]);
      steps.fixture = Math.round(built.ms);
      if (!built.ok) throw new Error('the million-event store could not be built');
    }
    const storeOf = (schema: string): EventStoreOptions => ({
      kind: 'postgres',
      postgresUrl: (cluster as PostgresCluster).url(),
      postgresSchema: schema,
    });
    if (selected.some((bench) => bench.postgres)) {
      console.log('starting a throwaway PostgreSQL server…');
      cluster = await PostgresCluster.create();
    }
    if (selected.some((bench) => bench.postgres === MILLION_SCHEMA)) {
      console.log('copying the million-event game into postgres…');
      const store = JSON.stringify(storeOf(MILLION_SCHEMA));
      const copied = runBench('postgres-million.fixture.ts', ['--fixture', fixtureJson, '--store', store]);
      steps.postgresFixture = Math.round(copied.ms);
      if (!copied.ok) throw new Error('the million-event game could not be copied into postgres');
    }
    for (const bench of selected) {
      console.log(`${bench.id}…`);
      const out = path.join(dir, `${bench.id}.json`);
      const ran = runBench(bench.script, [
        ...(bench.fixture ? ['--fixture', fixtureJson] : []),
        ...(bench.postgres ? ['--store', JSON.stringify(storeOf(bench.postgres))] : []),
        '--out',
        out,
      ]);
      steps[bench.id] = Math.round(ran.ms);
      if (ran.ok && fs.existsSync(out)) rows.push(...(JSON.parse(fs.readFileSync(out, 'utf8')) as BenchRow[]));
      else failed.push(bench.id);
    }
  } finally {
    await cluster?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const report = {
    command: 'npm run bench',
    startedAt: new Date(Date.now() - (nowMs() - started)).toISOString(),
    durationS: Math.round((nowMs() - started) / 1000),
    machine: machine(),
    stepsMs: steps,
    failed,
    skipped,
    rows,
  };
  fs.writeFileSync(path.join(__dirname, 'results.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n${terminalTable(rows)}\n`);
  console.log(markdownTable(rows));
  console.log(
    `\n${report.machine.cpu}, ${report.machine.cores} cores, ${report.machine.node}; ${report.durationS} s; ` +
      `written to bench/results.json${failed.length ? `; FAILED: ${failed.join(', ')}` : ''}` +
      `${skipped.length ? `; skipped: ${skipped.join(', ')}` : ''}`,
  );
  if (failed.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
