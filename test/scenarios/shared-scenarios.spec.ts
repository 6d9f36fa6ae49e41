import * as fs from 'node:fs';
import * as path from 'node:path';
import { RULES_REFERENCE } from '@app/games';
import { REPO_ROOT } from '../support/repo-root';
import { RULE_IDS } from '../../libs/rules/test/rule-ids';
import { ScenarioFileInvalid, parseScenarioFile, scenarioFileSchema } from '@app/games';
import { schemaProblems } from '../support/json-schema.problems';
import { describeScenarioFolder, scenarioPairs } from '../support/scenario-suite';

/**
 * The one test that reads the shared references beside a checkout (../shared: the example scenarios and the rules as
 * they were handed over), when they are there; a clone has none, and the project never copies them in.
 */
const SHARED_SCENARIOS = path.resolve(REPO_ROOT, '../shared/scenarios');
const SHARED_RULES = path.resolve(REPO_ROOT, '../shared/RULES.md');

/** The text as lower-case words, so that punctuation and line breaks do not hide a copied passage. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[*`_[\]()"“”’']/g, ' ')
    .split(/[^a-z0-9.]+/)
    .filter((word) => word !== '');
}

/** Every run of `n` consecutive words of a text. */
function runs(text: string, n: number): Set<string> {
  const all = words(text);
  const found = new Set<string>();
  for (let i = 0; i + n <= all.length; i += 1) found.add(all.slice(i, i + n).join(' '));
  return found;
}

if (fs.existsSync(SHARED_RULES)) {
  describe('the shared rules', () => {
    const text = fs.readFileSync(SHARED_RULES, 'utf8');
    it('number every rule the project implements', () => {
      expect(RULE_IDS.filter((id) => !new RegExp(`\\b${id.replace('.', '\\.')}\\b`).test(text))).toEqual([]);
    });
    it('are not copied: no run of eight words of the project’s rules reference is theirs', () => {
      const original = runs(text, 8);
      const copied = RULES_REFERENCE.flatMap((entry) =>
        [...runs(entry.statement, 8)].filter((run) => original.has(run)).map((run) => `${entry.id}: ${run}`),
      );
      expect(copied).toEqual([]);
    });
  });
} else {
  console.warn(`${SHARED_RULES} not found: the rules reference is not compared with it`);
}

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
