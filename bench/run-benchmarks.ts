import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BenchRow } from './bench-result.model';
import { runScript } from './child-process.kit';
import { markdownTable, terminalTable } from './results-table.format';
import { nowMs } from './timing.kit';

/**
 * `npm run bench`: every benchmark in a process of its own (so each peak RSS is its own and no JIT state or heap
 * carries over), one after another, then the table and bench/results.json. `--only id,id` runs some of them.
 * The million-event store is built once, in a temporary folder, for the time-travel and SSE benchmarks.
 */
const BENCHES = [
  { id: 'engine', script: 'engine.bench.ts' },
  { id: 'time-travel', script: 'time-travel.bench.ts', fixture: true },
  { id: 'sqlite-append', script: 'sqlite-append.bench.ts' },
  { id: 'http-commands', script: 'http-commands.bench.ts' },
  { id: 'sse-catch-up', script: 'sse-catch-up.bench.ts', fixture: true },
  { id: 'audit', script: 'audit.bench.ts' },
  { id: 'scheduler-start', script: 'scheduler-start.bench.ts' },
  { id: 'replay-page', script: 'replay-page.bench.ts', fixture: true },
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

function main(): void {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : null;
  const selected = BENCHES.filter((bench) => only === null || only.includes(bench.id));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-bench-'));
  const started = nowMs();
  const rows: BenchRow[] = [];
  const failed: string[] = [];
  const steps: Record<string, number> = {};
  try {
    const fixtureJson = path.join(dir, 'fixture.json');
    if (selected.some((bench) => bench.fixture)) {
      console.log('building the million-event store…');
      const built = runBench('million-event.fixture.ts', [path.join(dir, 'million.db'), '--out', fixtureJson]);
      steps.fixture = Math.round(built.ms);
      if (!built.ok) throw new Error('the million-event store could not be built');
    }
    for (const bench of selected) {
      console.log(`${bench.id}…`);
      const out = path.join(dir, `${bench.id}.json`);
      const ran = runBench(bench.script, [...(bench.fixture ? ['--fixture', fixtureJson] : []), '--out', out]);
      steps[bench.id] = Math.round(ran.ms);
      if (ran.ok && fs.existsSync(out)) rows.push(...(JSON.parse(fs.readFileSync(out, 'utf8')) as BenchRow[]));
      else failed.push(bench.id);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const report = {
    command: 'npm run bench',
    startedAt: new Date(Date.now() - (nowMs() - started)).toISOString(),
    durationS: Math.round((nowMs() - started) / 1000),
    machine: machine(),
    stepsMs: steps,
    failed,
    rows,
  };
  fs.writeFileSync(path.join(__dirname, 'results.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n${terminalTable(rows)}\n`);
  console.log(markdownTable(rows));
  console.log(
    `\n${report.machine.cpu}, ${report.machine.cores} cores, ${report.machine.node}; ${report.durationS} s; ` +
      `written to bench/results.json${failed.length ? `; FAILED: ${failed.join(', ')}` : ''}`,
  );
  if (failed.length > 0) process.exitCode = 1;
}

main();
