import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from './repo-root';

/** Jest itself, on a folder of three specs: two that wait on the clock (one saying why), one quick. */
describe('the slowest-suites reporter', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-slowest-reporter-'));
    const reporter = path.join(REPO_ROOT, 'test', 'support', 'slowest-suites.reporter.js');
    fs.writeFileSync(
      path.join(dir, 'jest.config.js'),
      `module.exports = { rootDir: __dirname, maxWorkers: 3, reporters: ['default', [${JSON.stringify(reporter)}, { count: 2 }]] };\n`,
    );
    // Far longer than a quick suite takes on a machine however busy, so the two slow ones are always the slowest.
    const wait = "it('waits', () => new Promise((resolve) => setTimeout(resolve, 3000)));\n";
    fs.writeFileSync(
      path.join(dir, 'said.spec.js'),
      '/**\n * Waits on the clock.\n *\n * Why it is slow: what it checks takes\n * three seconds.\n *\n * More.\n */\n' +
        wait,
    );
    fs.writeFileSync(path.join(dir, 'unsaid.spec.js'), wait);
    fs.writeFileSync(path.join(dir, 'quick.spec.js'), "it('runs', () => undefined);\n");
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const jest = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
    });

  it('lists the slowest suites after a run, each with its time and the reason it gives, or that it gives none', () => {
    const run = jest();
    expect(run.status).toBe(0);
    const from = run.stderr.indexOf('Slowest suites (');
    expect(from).toBeGreaterThanOrEqual(0);
    const report = run.stderr.slice(from, run.stderr.indexOf('Test Suites:', from)).trimEnd().split('\n');
    expect(report[0]).toBe('Slowest suites (2 of 3):');
    // The two slow ones, in either order (they wait as long as each other).
    expect(report).toHaveLength(3);
    expect(report.slice(1)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ +\d+\.\d s {2}said\.spec\.js: what it checks takes three seconds\.$/),
        expect.stringMatching(/^ +\d+\.\d s {2}unsaid\.spec\.js: says nothing of why it is slow$/),
      ]),
    );
  });

  it('says nothing after a run of no more suites than it lists', () => {
    const run = jest('quick.spec.js');
    expect(run.status).toBe(0);
    expect(run.stderr).not.toContain('Slowest suites');
  });
});
