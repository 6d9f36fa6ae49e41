/** Delays of a retry that backs off: 100 ms, doubling, at most `maxMs` (5 s): a store that is down is asked again soon, never hammered. */
export function retryDelayMs(attempt: number, maxMs = 5000): number {
  return Math.min(maxMs, 100 * 2 ** Math.max(0, attempt - 1));
}

/** Waits `ms`, or less when `stopped` resolves first (a shutdown never waits out a backoff). */
export function pause(ms: number, stopped: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void stopped.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
