/**
 * The leak-free Node environment, in runs of Jest itself: a performance observer a suite left running no longer
 * holds the suite's objects once the suite has ended (and stopping the loop-delay monitor it left does not fail) —
 * with Jest's own Node environment, the observer still holds them (so the check can tell the two apart).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeJestFolder, runJestIn } from './jest-folder.run';
import { REPO_ROOT } from './repo-root';

/**
 * The first suite leaves a monitor and an observer running, the observer the only holder of an object of the
 * suite's, and hands the next suite a weak reference to it through `perf_hooks` (the worker's own module, shared by
 * every suite).
 */
const LEAVES_THEM_RUNNING = `
const perfHooks = require('node:perf_hooks');
// A weak reference of the worker's realm: one made with the sandbox's WeakRef would hold the sandbox itself.
const WorkerWeakRef = perfHooks.monitorEventLoopDelay.constructor('return WeakRef')();
it('leaves a loop-delay monitor and a performance observer running', () => {
  perfHooks.monitorEventLoopDelay().enable();
  const heldByObserver = { by: 'observer' };
  new perfHooks.PerformanceObserver(() => heldByObserver.by).observe({ entryTypes: ['mark'] });
  perfHooks.leftByEarlierSuite = new WorkerWeakRef(heldByObserver);
});
`;

/** The second suite collects garbage, then looks: what only the observer held must be gone. */
const FINDS_THEM_RELEASED = `
const perfHooks = require('node:perf_hooks');
require('node:v8').setFlagsFromString('--expose-gc');
const gc = require('node:vm').runInNewContext('gc');
const later = () => new Promise((resolve) => setTimeout(resolve, 20));
it('finds what the earlier suite left running released', async () => {
  const left = perfHooks.leftByEarlierSuite;
  expect(left).toBeDefined();
  for (let round = 0; round < 3; round++) {
    await later();
    gc();
  }
  expect(left.deref()?.by ?? 'released').toBe('released');
});
`;

describe('the leak-free Node test environment', () => {
  const runWith = (testEnvironment: string) => {
    const dir = makeJestFolder('sanctum-leak-free-environment-', {
      reporters: ['default'],
      testEnvironment,
      // The suites run in the order of their names, one after the other, in one process.
      testSequencer: '<rootDir>/by-name.sequencer.js',
    });
    try {
      fs.writeFileSync(
        path.join(dir, 'by-name.sequencer.js'),
        'module.exports = class {\n' +
          '  sort(tests) { return [...tests].sort((a, b) => a.path.localeCompare(b.path)); }\n' +
          '  cacheResults() {}\n' +
          '};\n',
      );
      fs.writeFileSync(path.join(dir, 'a-leaves-them-running.spec.js'), LEAVES_THEM_RUNNING);
      fs.writeFileSync(path.join(dir, 'b-finds-them-released.spec.js'), FINDS_THEM_RELEASED);
      return runJestIn(dir, '--runInBand');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it("stops at a suite's end the observers and monitors it started, so that they hold nothing of it", () => {
    const run = runWith(path.join(REPO_ROOT, 'test', 'support', 'leak-free-node.environment.js'));
    expect(run.stderr).toMatch(/Tests: +2 passed, 2 total/);
    expect(run.status).toBe(0);
  });

  it("with Jest's own Node environment, the earlier suite's objects are still held (the check can fail)", () => {
    const run = runWith('node');
    expect(run.stderr).toMatch(/FAIL \.\/b-finds-them-released\.spec\.js[\s\S]*Tests: +1 failed, 1 passed, 2 total/);
    expect(run.status).toBe(1);
  });
});
