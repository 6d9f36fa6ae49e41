import type { Writable } from 'node:stream';

/**
 * Settles once `writable` has drained or closed, and leaves no listener behind: a record written page by page waits
 * here once per page, and `Promise.race` of two `events.once` would leave the loser's listeners (and its `error`
 * listener) on the response until it closes — a pile that grows with the record.
 */
export function drainedOrClosed(writable: Writable): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      writable.off('drain', settle);
      writable.off('close', settle);
      resolve();
    };
    writable.on('drain', settle);
    writable.on('close', settle);
  });
}
