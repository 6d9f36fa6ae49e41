import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/run-cli';
import { describeScenarioFolder } from '../support/scenario-suite';

/** The shared examples live beside the repository (../shared/scenarios), never copied into it. */
const SHARED_SCENARIOS = path.resolve(REPO_ROOT, '../shared/scenarios');

if (fs.existsSync(SHARED_SCENARIOS)) {
  describeScenarioFolder('shared scenarios (../shared/scenarios) through `sanctum simulate`', SHARED_SCENARIOS);
} else {
  // A user's clone has no shared folder: say so rather than pass silently.
  console.warn(`${SHARED_SCENARIOS} not found: the shared scenario suite is skipped`);
  describe.skip('../shared/scenarios not found — skipped', () => {
    it('runs every shared scenario through the CLI', () => undefined);
  });
}
