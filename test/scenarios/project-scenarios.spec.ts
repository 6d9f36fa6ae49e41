/**
 * The project's scenario fixtures, each checked against its expected events.
 *
 * Why it is slow: each fixture runs in a `sanctum simulate` process of its own, as a user runs it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RULE_IDS } from '../../libs/rules/test/rule-ids';
import { describeScenarioFolder, scenarioPairs } from '../support/scenario-suite';

/** The project's own scenario fixtures: each exercises rules end-to-end through the CLI. */
describeScenarioFolder(
  'project scenarios (test/scenarios/fixtures) through `sanctum simulate`',
  path.join(__dirname, 'fixtures'),
);

describe('project scenario fixtures', () => {
  it('cite only rule ids that docs/rules.md has', () => {
    for (const pair of scenarioPairs(path.join(__dirname, 'fixtures'))) {
      const cited = (JSON.parse(fs.readFileSync(pair.expectFile, 'utf8')) as { rule?: string[] }).rule ?? [];
      expect(cited.filter((id) => !RULE_IDS.includes(id))).toEqual([]);
    }
  });
});
