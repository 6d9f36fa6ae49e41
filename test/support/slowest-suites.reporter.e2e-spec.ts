/**
 * The slowest-suites reporter, in a run of Jest itself.
 *
 * Why it is slow: it runs Jest twice, on suites that wait on the clock so as to be the slowest.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeJestFolder, runJestIn } from './jest-folder.run';
import { REPO_ROOT } from './repo-root';

/** Jest itself, on a folder of four specs: three that wait on the clock (two saying why), one quick. */
describe('the slowest-suites reporter', () => {
  let dir: string;
  beforeAll(() => {
    dir = makeJestFolder('sanctum-slowest-reporter-', {
      reporters: ['default', [path.join(REPO_ROOT, 'test', 'support', 'slowest-suites.reporter.js'), { count: 3 }]],
    });
    // Far longer than a quick suite takes on a machine however busy, so the three that wait are always the slowest.
    const wait = "it('waits', () => new Promise((resolve) => setTimeout(resolve, 3000)));\n";
    fs.writeFileSync(
      path.join(dir, 'block.spec.js'),
      '/**\n * Waits on the clock.\n *\n * Why it is slow: it waits on the clock, mid-\n * test, for three seconds. */\n' +
        wait,
    );
    fs.writeFileSync(
      path.join(dir, 'lines.spec.js'),
      '// Why it is slow: it waits\n// for three seconds.\n//\n// Not this.\n' + wait,
    );
    fs.writeFileSync(path.join(dir, 'unsaid.spec.js'), wait);
    fs.writeFileSync(path.join(dir, 'quick.spec.js'), "it('runs', () => undefined);\n");
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const jest = (...args: string[]) => runJestIn(dir, ...args);

  it('lists the slowest suites after a run, each with its time and the reason it gives, or that it gives none', () => {
    const run = jest();
    expect(run.status).toBe(0);
    const from = run.stderr.indexOf('Slowest suites (');
    expect(from).toBeGreaterThanOrEqual(0);
    const report = run.stderr.slice(from, run.stderr.indexOf('Test Suites:', from)).trimEnd().split('\n');
    expect(report[0]).toBe('Slowest suites (3 of 4):');
    // The three that wait, in any order among themselves (they wait as long as each other).
    expect(report).toHaveLength(4);
    expect(report.slice(1)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ +\d+\.\d s {2}block\.spec\.js: it waits on the clock, mid-test, for three seconds\.$/),
        expect.stringMatching(/^ +\d+\.\d s {2}lines\.spec\.js: it waits for three seconds\.$/),
        expect.stringMatching(/^ +\d+\.\d s {2}unsaid\.spec\.js: says nothing of why it is slow$/),
      ]),
    );
  });

  it('says nothing after a run of no more suites than it lists', () => {
    const run = jest('quick.spec.js', 'block.spec.js', 'unsaid.spec.js');
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('Tests:       3 passed, 3 total');
    expect(run.stderr).not.toContain('Slowest suites');
  });
});
