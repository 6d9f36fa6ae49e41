/**
 * Jest's Node environment, but a suite's teardown also stops what the suite started in Node's process-wide modules.
 * Each suite has its own module registry, yet `perf_hooks` is the worker process's own: a loop-delay monitor or a
 * performance observer a suite started (prom-client's default metrics start both, once per service created, and
 * nothing stops them) keeps running after the suite, and through its callback holds the suite's whole registry —
 * every suite that started the service left one behind, and the workers grew until Jest had to replace them.
 * A plain CommonJS file: Jest loads it in the worker itself, once, outside every suite's sandbox.
 */
const perfHooks = require('node:perf_hooks');
const { TestEnvironment } = require('jest-environment-node');

/** How to stop each monitor and observer started since the running suite began. */
const startedBySuite = new Set();

/**
 * Disabling a monitor only stops its timer. Node 20 keeps every histogram it made until the process ends, and this
 * one holds its handle, which holds the async context of the suite that made it: the handle is closed and let go of.
 * Node offers no public way to do either; the handle sits under a symbol of the histogram.
 */
function closeMonitor(histogram) {
  histogram.disable();
  for (const symbol of Object.getOwnPropertySymbols(histogram)) {
    if (symbol.description !== 'kHandle') continue;
    histogram[symbol]?.close?.();
    delete histogram[symbol];
  }
}

const monitorEventLoopDelay = perfHooks.monitorEventLoopDelay;
perfHooks.monitorEventLoopDelay = function (...args) {
  const histogram = monitorEventLoopDelay.apply(this, args);
  startedBySuite.add(() => closeMonitor(histogram));
  return histogram;
};

const observe = perfHooks.PerformanceObserver.prototype.observe;
perfHooks.PerformanceObserver.prototype.observe = function (...args) {
  startedBySuite.add(() => this.disconnect());
  return observe.apply(this, args);
};

class LeakFreeNodeEnvironment extends TestEnvironment {
  async teardown() {
    for (const stop of startedBySuite) stop();
    startedBySuite.clear();
    await super.teardown();
  }
}

module.exports = LeakFreeNodeEnvironment;
