import { readFileSync } from 'node:fs';

/** The main thread's scheduler statistics (Linux): nanoseconds run on a CPU, then nanoseconds waited for one. */
const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;

function runNs(): number | null {
  try {
    return Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

/** Milliseconds this process's main thread has waited for a CPU, where Linux tells it (else 0). */
function queuedMs(): number {
  try {
    return Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return 0;
  }
}

/**
 * The longest the event loop of this process was held while `work` ran, in milliseconds: for a request to the
 * in-process app, how long its handling kept every other request waiting. A timer is set again every millisecond;
 * the longest wall-clock time between two of its calls, less what the main thread spent waiting for a CPU (which
 * another program on a busy machine decides), is the longest the loop was held by running or by waiting inside a
 * call — a wait for a lock shows, a busy machine does not.
 */
export async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let longest = 0;
  let last = performance.now() - queuedMs();
  const tick = () => {
    const now = performance.now() - queuedMs();
    longest = Math.max(longest, now - last);
    last = now;
  };
  const timer = setInterval(tick, 1);
  try {
    const result = await work();
    tick();
    return { result, stallMs: longest };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Milliseconds this process's main thread has run on a CPU, where Linux tells it: time spent waiting for a CPU,
 * which another program on a busy machine decides, does not count, and neither do worker threads. Elsewhere,
 * wall-clock time.
 */
export const mainThreadMs: () => number = runNs() === null ? () => performance.now() : () => (runNs() as number) / 1e6;

/**
 * The longest the event loop was held by work on the main thread while `work` ran, in mainThreadMs: a timer is
 * set again every millisecond, and the longest run between two of its calls is the longest the loop was held
 * (by requests, garbage collection, anything). Unlike longestStall, a busy machine does not lengthen it, so a
 * body's own cost can be bounded anywhere; a wait that holds the loop without running (a lock) does not show.
 */
export async function longestHold<T>(work: () => Promise<T>): Promise<{ result: T; heldMs: number }> {
  let longest = 0;
  let last = mainThreadMs();
  const tick = () => {
    const now = mainThreadMs();
    longest = Math.max(longest, now - last);
    last = now;
  };
  const timer = setInterval(tick, 1);
  try {
    const result = await work();
    tick();
    return { result, heldMs: longest };
  } finally {
    clearInterval(timer);
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
