import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeJestFolder, runJestIn } from './jest-folder.run';
import { REPO_ROOT } from './repo-root';

/** Jest itself, on a folder of two specs, one of them skipped as the suites skip what a machine lacks. */
describe('the skipped-tests reporter', () => {
  let dir: string;
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('names every skipped test above the summary, with its file and the reason its title gives', () => {
    dir = makeJestFolder('sanctum-skipped-reporter-', {
      reporters: ['default', path.join(REPO_ROOT, 'test', 'support', 'skipped-tests.reporter.js')],
    });
    fs.writeFileSync(path.join(dir, 'runs.spec.js'), "it('runs', () => undefined);\n");
    fs.writeFileSync(
      path.join(dir, 'lacks.spec.js'),
      "describe.skip('the widget (skipped: no widget here)', () => { it('turns', () => undefined); });\n" +
        "it.todo('one day');\n",
    );
    const jest = runJestIn(dir);
    expect(jest.status).toBe(0);
    const from = jest.stderr.indexOf('Skipped (');
    const report = jest.stderr.slice(from, jest.stderr.indexOf('Test Suites:', from));
    expect(report.trimEnd()).toBe(
      'Skipped (2):\n' + '  lacks.spec.js › the widget (skipped: no widget here) turns\n' + '  lacks.spec.js › one day',
    );
  });
});
