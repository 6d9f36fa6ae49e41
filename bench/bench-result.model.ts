import type { EventStoreOptions } from '@app/event-store';
import * as fs from 'node:fs';
import type { Distribution } from './timing.kit';
import { peakRssMb } from './timing.kit';

/** One measured quantity: its distribution over repeated runs (or requests), and its unit. */
export interface Figure {
  label: string;
  unit: string;
  median: number;
  p99: number;
  /** How many samples the median and p99 are taken over (runs, requests or time-travel loads). */
  n: number;
}

/** One target of the issue: a value, the limit it must meet, and whether it did. */
export interface Check {
  label: string;
  value: number;
  limit: number;
  /** 'min': value ≥ limit; 'max': value ≤ limit. */
  kind: 'min' | 'max';
  unit: string;
  met: boolean;
}

/** One row of the results table: what was measured, against which baseline of the same run, and the targets. */
export interface BenchRow {
  id: string;
  what: string;
  workload: string;
  measured: Figure;
  baseline: Figure;
  /** measured vs baseline as the target states it (e.g. decide time / fold time). */
  ratio: { label: string; value: number };
  target: string;
  checks: Check[];
  met: boolean;
  /** Peak RSS of the benchmark's process (MB): kernel high-water mark, includes the fixtures it built. */
  peakRssMb: number;
  /** Peak RSS of the HTTP service's own process (MB), where the benchmark ran one. */
  serverPeakRssMb?: number;
  /** Anything else worth recording (sizes, counts, secondary figures). */
  details: Record<string, unknown>;
}

export function figure(label: string, unit: string, samples: Distribution): Figure {
  return { label, unit, median: samples.median, p99: samples.p99, n: samples.n };
}

export function check(label: string, value: number, kind: 'min' | 'max', limit: number, unit = ''): Check {
  return { label, value, limit, kind, unit, met: kind === 'min' ? value >= limit : value <= limit };
}

export function row(fields: Omit<BenchRow, 'met' | 'peakRssMb'>): BenchRow {
  return { ...fields, met: fields.checks.every((c) => c.met), peakRssMb: peakRssMb() };
}

/**
 * The end of every benchmark script: with `--out FILE` (the runner), writes its rows there as JSON; run on its own,
 * prints them.
 */
export function emitRows(rows: BenchRow[]): void {
  const at = process.argv.indexOf('--out');
  if (at >= 0 && process.argv[at + 1]) fs.writeFileSync(process.argv[at + 1], JSON.stringify(rows, null, 2));
  else console.log(JSON.stringify(rows, null, 2));
}

/** The value of `--name VALUE` on the command line, if given. */
export function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** `--store JSON`: the store a benchmark runs on instead of its own SQLite file (the runner's postgres). */
export function storeArgument(): EventStoreOptions | undefined {
  const json = argument('store');
  return json === undefined ? undefined : (JSON.parse(json) as EventStoreOptions);
}

/** Runs a benchmark's main and exits non-zero on failure (the runner reports it). */
export function main(run: () => Promise<BenchRow[]>): void {
  run().then(
    (rows) => {
      emitRows(rows);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
