import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/repo-root';
import { RULE_IDS } from '../../libs/rules/test/rule-ids';
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
} else {
  // A user's clone has no shared folder: say so rather than pass silently.
  console.warn(`${SHARED_SCENARIOS} not found: the shared scenario suite is skipped`);
  describe.skip('../shared/scenarios not found — skipped', () => {
    it('runs every shared scenario through the CLI', () => undefined);
  });
}
