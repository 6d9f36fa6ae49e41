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
 * The longest time, on `clock`, between two calls of a timer set again every millisecond while `work` ran: the
 * longest the event loop was held, as that clock counts it.
 */
async function longestGap<T>(work: () => Promise<T>, clock: () => number): Promise<{ result: T; gapMs: number }> {
  let longest = 0;
  let last = clock();
  const tick = () => {
    const now = clock();
    longest = Math.max(longest, now - last);
    last = now;
  };
  const timer = setInterval(tick, 1);
  try {
    const result = await work();
    tick();
    return { result, gapMs: longest };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The longest the event loop of this process was held while `work` ran, in milliseconds: for a request to the
 * in-process app, how long its handling kept every other request waiting. Wall-clock time less what the main
 * thread spent waiting for a CPU (which another program on a busy machine decides): the loop held by running or by
 * waiting inside a call — a wait for a lock shows, a busy machine does not.
 */
export async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  const { result, gapMs } = await longestGap(work, () => performance.now() - queuedMs());
  return { result, stallMs: gapMs };
}

/**
 * Milliseconds this process's main thread has run on a CPU, where Linux tells it: time spent waiting for a CPU,
 * which another program on a busy machine decides, does not count, and neither do worker threads. Elsewhere,
 * wall-clock time.
 */
export const mainThreadMs: () => number = runNs() === null ? () => performance.now() : () => (runNs() as number) / 1e6;

/**
 * The longest the event loop was held by work on the main thread while `work` ran, in mainThreadMs (by requests,
 * garbage collection, anything). Unlike longestStall, a wait that holds the loop without running (a lock) does not
 * show, so a body's own cost can be bounded anywhere.
 */
export async function longestHold<T>(work: () => Promise<T>): Promise<{ result: T; heldMs: number }> {
  const { result, gapMs } = await longestGap(work, mainThreadMs);
  return { result, heldMs: gapMs };
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
