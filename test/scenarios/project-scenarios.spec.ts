import * as path from 'node:path';
import { describeScenarioFolder } from '../support/scenario-suite';

/** The project's own scenario fixtures: each exercises rules end-to-end through the CLI. */
describeScenarioFolder(
  'project scenarios (test/scenarios/fixtures) through `sanctum simulate`',
  path.join(__dirname, 'fixtures'),
);
