import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/repo-root';
import { RULE_IDS } from '../../libs/rules/test/rule-ids';
import { ScenarioFileInvalid, parseScenarioFile, scenarioFileSchema } from '@app/games';
import { schemaProblems } from '../support/json-schema.problems';
import { describeScenarioFolder, scenarioPairs } from '../support/scenario-suite';

/** The shared examples live beside the repository (../shared/scenarios), never copied into it. */
const SHARED_SCENARIOS = path.resolve(REPO_ROOT, '../shared/scenarios');

if (fs.existsSync(SHARED_SCENARIOS)) {
  describeScenarioFolder('shared scenarios (../shared/scenarios) through `sanctum simulate`', SHARED_SCENARIOS);
  it('the shared expectations cite only rule ids that docs/rules.md has', () => {
    for (const pair of scenarioPairs(SHARED_SCENARIOS)) {
      const cited = (JSON.parse(fs.readFileSync(pair.expectFile, 'utf8')) as { rule?: string[] }).rule ?? [];
      expect(cited.filter((id) => !RULE_IDS.includes(id))).toEqual([]);
    }
  });
  it('the shared scenario files are taken by the parser and by the published JSON Schema alike', () => {
    const schema = scenarioFileSchema();
    for (const pair of scenarioPairs(SHARED_SCENARIOS)) {
      const json = JSON.parse(fs.readFileSync(pair.scenarioFile, 'utf8')) as unknown;
      let parsed: string[] = [];
      try {
        parseScenarioFile(json);
      } catch (error) {
        if (!(error instanceof ScenarioFileInvalid)) throw error;
        parsed = [...error.problems];
      }
      expect([pair.scenarioFile, parsed, schemaProblems(json, schema)]).toEqual([pair.scenarioFile, [], []]);
    }
  });
} else {
  // A user's clone has no shared folder: say so rather than pass silently.
  console.warn(`${SHARED_SCENARIOS} not found: the shared scenario suite is skipped`);
  describe.skip('../shared/scenarios not found — skipped', () => {
    it('runs every shared scenario through the CLI', () => undefined);
  });
}
