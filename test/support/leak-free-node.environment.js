/**
 * Jest's Node environment, but a suite's teardown also stops what the suite started in `perf_hooks`. Each suite has
 * its own module registry, yet `perf_hooks` is the worker process's own: a performance observer a suite started
 * outlives the suite, and through its callback holds the suite's whole registry. prom-client's default metrics start
 * one (for GC) and an event-loop-delay monitor for every service a suite creates, and nothing stops them: every such
 * suite was left behind, and the workers grew until Jest had to replace them. The monitor is stopped too: nothing reads
 * it once its suite has ended.
 * A plain CommonJS file: Jest loads it in the worker itself, once, outside every suite's sandbox.
 */
const perfHooks = require('node:perf_hooks');
const { TestEnvironment } = require('jest-environment-node');

/** How to stop each observer and monitor the running suite started; undefined between suites. */
let startedBySuite;

const observe = perfHooks.PerformanceObserver.prototype.observe;
perfHooks.PerformanceObserver.prototype.observe = function (...args) {
  startedBySuite?.add(() => this.disconnect());
  return observe.apply(this, args);
};

const monitorEventLoopDelay = perfHooks.monitorEventLoopDelay;
perfHooks.monitorEventLoopDelay = function (...args) {
  const monitor = monitorEventLoopDelay.apply(this, args);
  startedBySuite?.add(() => monitor.disable());
  return monitor;
};

class LeakFreeNodeEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    startedBySuite = new Set();
  }

  async teardown() {
    const started = startedBySuite ?? new Set();
    startedBySuite = undefined;
    try {
      for (const stop of started) stop();
    } finally {
      await super.teardown();
    }
  }
}

module.exports = LeakFreeNodeEnvironment;
