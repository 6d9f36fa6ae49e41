/**
 * Timing helpers shared by the benchmarks. The machine is shared and noisy, so every figure is measured next to a
 * baseline in the same process, the two interleaved run by run, and compared as a ratio.
 */

/** Milliseconds since an arbitrary origin, from the monotonic high-resolution clock. */
export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Runs `work` and returns how long it took (ms) with its result. */
export function timed<T>(work: () => T): { ms: number; result: T } {
  const start = nowMs();
  const result = work();
  return { ms: nowMs() - start, result };
}

export async function timedAsync<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = nowMs();
  const result = await work();
  return { ms: nowMs() - start, result };
}

/** Nearest-rank quantile (q in [0, 1]) of unsorted samples; with fewer than 100 samples p99 is the worst one. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1];
}

export const median = (samples: readonly number[]): number => quantile(samples, 0.5);
export const p99 = (samples: readonly number[]): number => quantile(samples, 0.99);

export interface Distribution {
  n: number;
  median: number;
  p99: number;
  min: number;
  max: number;
}

export function distribution(samples: readonly number[]): Distribution {
  return {
    n: samples.length,
    median: median(samples),
    p99: p99(samples),
    min: Math.min(...samples),
    max: Math.max(...samples),
  };
}

/** A distribution of rates whose p99 is the slow tail: the lowest rate (the rate of the slowest run). */
export function slowTail(rates: Distribution): Distribution {
  return { ...rates, p99: rates.min };
}

/** A full garbage collection when the process runs with --expose-gc, so one run's garbage is not billed to the next. */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/**
 * Runs the measured work and its baseline alternately, `runs` times each (who goes first alternates too, so a
 * drift of the machine's speed hits both alike), after `warmUp` untimed rounds. Returns the durations (ms) of
 * each, in pairs: pairRatios[i] = measured[i] / baseline[i].
 */
export async function interleaved(
  runs: number,
  warmUp: number,
  measured: () => unknown,
  baseline: () => unknown,
  options: { collectBetween?: boolean } = {},
): Promise<{ measured: number[]; baseline: number[]; pairRatios: number[] }> {
  // A forced full collection before each run is off by default: it leaves a shrunk heap that the next allocating
  // run pays to grow again (deciding measured up to 2× slower so), which is not the steady state being measured.
  const collect = options.collectBetween ? collectGarbage : () => undefined;
  const result = { measured: [] as number[], baseline: [] as number[], pairRatios: [] as number[] };
  for (let round = 0; round < warmUp + runs; round += 1) {
    let m = 0;
    let b = 0;
    const runMeasured = async () => {
      collect();
      const start = nowMs();
      await measured();
      m = nowMs() - start;
    };
    const runBaseline = async () => {
      collect();
      const start = nowMs();
      await baseline();
      b = nowMs() - start;
    };
    if (round % 2 === 0) {
      await runMeasured();
      await runBaseline();
    } else {
      await runBaseline();
      await runMeasured();
    }
    if (round < warmUp) continue;
    result.measured.push(m);
    result.baseline.push(b);
    result.pairRatios.push(m / b);
  }
  return result;
}

/** Peak resident set size of this process so far, in MB (the kernel's high-water mark). */
export function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

/** Samples the RSS every `everyMs` while running, for the peak of one phase (maxRSS only ever grows). */
export function rssSampler(everyMs = 50): { stop(): number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss) / 1024 / 1024;
    },
  };
}

/** Lets pending I/O callbacks run (a tight synchronous loop would otherwise starve sockets). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
