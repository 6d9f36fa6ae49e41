import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from './repo-root';

/** Jest itself, on a folder of two specs, one of them skipped as the suites skip what a machine lacks. */
describe('the skipped-tests reporter', () => {
  let dir: string;
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('names every skipped test above the summary, with its file and the reason its title gives', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-skipped-reporter-'));
    const reporter = path.join(REPO_ROOT, 'test', 'support', 'skipped-tests.reporter.js');
    fs.writeFileSync(
      path.join(dir, 'jest.config.js'),
      `module.exports = { rootDir: __dirname, reporters: ['default', ${JSON.stringify(reporter)}] };\n`,
    );
    fs.writeFileSync(path.join(dir, 'runs.spec.js'), "it('runs', () => undefined);\n");
    fs.writeFileSync(
      path.join(dir, 'lacks.spec.js'),
      "describe.skip('the widget (skipped: no widget here)', () => { it('turns', () => undefined); });\n" +
        "it.todo('one day');\n",
    );
    const jest = spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'jest', 'bin', 'jest.js')], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
    });
    expect(jest.status).toBe(0);
    const from = jest.stderr.indexOf('Skipped (');
    const report = jest.stderr.slice(from, jest.stderr.indexOf('Test Suites:', from));
    expect(report.trimEnd()).toBe(
      'Skipped (2):\n' + '  lacks.spec.js › the widget (skipped: no widget here) turns\n' + '  lacks.spec.js › one day',
    );
  });
});
