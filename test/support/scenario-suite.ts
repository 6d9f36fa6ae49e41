import * as fs from 'node:fs';
import * as path from 'node:path';
import { runSimulate } from './run-cli';
import { checkExpectation } from './scenario-expectation';
import type { ScenarioExpectation, SimulateRun } from './scenario-expectation';

export interface ScenarioPair {
  /** The file name without `.scenario.json`. */
  name: string;
  scenarioFile: string;
  expectFile: string;
}

/** Every `*.scenario.json` of a folder with its `*.expect.json`, sorted by name. */
export function scenarioPairs(dir: string): ScenarioPair[] {
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.scenario.json'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.scenario.json'.length);
      return { name, scenarioFile: path.join(dir, file), expectFile: path.join(dir, `${name}.expect.json`) };
    });
}

function readExpectation(pair: ScenarioPair): ScenarioExpectation {
  if (!fs.existsSync(pair.expectFile)) throw new Error(`${pair.name}: no ${path.basename(pair.expectFile)} next to it`);
  return JSON.parse(fs.readFileSync(pair.expectFile, 'utf8')) as ScenarioExpectation;
}

/** A test title that cites the rules the example exercises (rule id (docs/rules.md)s) and says what it shows. */
function title(pair: ScenarioPair, expectation: ScenarioExpectation): string {
  const rules = expectation.rule?.length ? `${expectation.rule.join(', ')}: ` : '';
  return `${rules}${pair.name}${expectation.why ? ` — ${expectation.why}` : ''}`;
}

/**
 * A suite that runs every scenario of `dir` through the real CLI (`npm run -s sanctum -- simulate FILE`, all
 * spawned at once in beforeAll) and checks each run against its expectation. The folder is read at test time.
 */
export function describeScenarioFolder(suiteTitle: string, dir: string): void {
  const pairs = scenarioPairs(dir);
  const expectations = new Map(pairs.map((pair) => [pair.name, readExpectation(pair)]));
  describe(suiteTitle, () => {
    const runs = new Map<string, SimulateRun>();

    beforeAll(async () => {
      const results = await Promise.all(pairs.map((pair) => runSimulate(pair.scenarioFile)));
      pairs.forEach((pair, i) => runs.set(pair.name, results[i]));
    }, 180_000);

    it('has scenarios to run', () => {
      expect(pairs.length).toBeGreaterThan(0);
    });

    for (const pair of pairs) {
      const expectation = expectations.get(pair.name) as ScenarioExpectation;
      it(title(pair, expectation), () => {
        const run = runs.get(pair.name) as SimulateRun;
        const failure = checkExpectation(expectation, run);
        if (failure !== null) {
          throw new Error(
            `${pair.name}: ${failure}\n(exit ${String(run.exitCode)}; stderr: ${run.stderr?.trim() || 'empty'})`,
          );
        }
      });
    }
  });
}
