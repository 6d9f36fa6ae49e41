import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The longest the event loop of this process was held while `work` ran, in milliseconds: for a request to the
 * in-process app, how long its handling kept every other request waiting.
 */
export async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  try {
    const result = await work();
    return { result, stallMs: delay.max / 1e6 };
  } finally {
    delay.disable();
  }
}

/**
 * The least of `attempts` measurements: on a machine shared with other work, one attempt may be slowed by what
 * runs beside it, but a cost that is the request's own shows in every attempt.
 */
export async function leastOf(attempts: number, measure: () => Promise<number>): Promise<number> {
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i < attempts; i += 1) least = Math.min(least, await measure());
  return least;
}
