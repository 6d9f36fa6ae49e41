/** How long reads that let the event loop turn may work, all together, before they let it turn. */
const SLICE_MS = 10;

let turnStarted = performance.now();
let markerSet = false;

/**
 * Whether the work done since the event loop last turned has passed SLICE_MS: then the caller lets it turn
 * (`await setImmediate()`). One clock for every caller: several catch-ups whose reads settle at once (SQLite's) run
 * their steps as one chain of microtasks, and it is their sum that holds the loop, not any one's share.
 */
export function sliceSpent(): boolean {
  if (!markerSet) {
    // Notes when the loop turns, whoever makes it turn. With no marker waiting, the clock is the last marker's, which
    // may be long past: the first caller after a pause lets the loop turn once before it works (a catch-up or long
    // fold starting while others wait), which costs one turn; a fold checks only every few dozen events, so a short
    // one never gets here.
    markerSet = true;
    setImmediate(() => {
      markerSet = false;
      turnStarted = performance.now();
    });
  }
  return performance.now() - turnStarted >= SLICE_MS;
}
