import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RULE_IDS } from './rule-ids';

/**
 * Every rule of RULES.md is cited by the name of at least one test: a test title (`it`, `test` or `describe`)
 * that contains the rule id as a whole token (`E1` is not cited by `E1.1` alone, nor `S1` by `S10`).
 */

const REPO_ROOT = resolve(__dirname, '../../..');
const RULES_MD = resolve(REPO_ROOT, '../shared/RULES.md');
/** Where the tests live: the rules library (beside the code and in libs/rules/test) and the cross-module suites. */
const SPEC_ROOTS = [resolve(REPO_ROOT, 'libs/rules'), resolve(REPO_ROOT, 'test')];

/** Rule ids are the bold `**X1**` / `**X1.2**` markers of RULES.md, in order of appearance. */
function ruleIdsIn(markdown: string): string[] {
  const ids = [...markdown.matchAll(/\*\*(?<id>[A-Z]\d+(?:\.\d+)?)\*\*/g)].flatMap((match) => match.groups?.id ?? []);
  return [...new Set(ids)];
}

function ruleIds(): { ids: readonly string[]; source: string } {
  if (existsSync(RULES_MD)) return { ids: ruleIdsIn(readFileSync(RULES_MD, 'utf8')), source: RULES_MD };
  return { ids: RULE_IDS, source: 'libs/rules/test/rule-ids.ts' };
}

function specFiles(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : specFiles(path);
    return entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The string titles of `it(…)`, `test(…)` and `describe(…)` calls (with `.only`, `.skip`… too). */
function testTitles(source: string): string[] {
  const call =
    /(?<![\w$.])(?:it|test|describe)(?:\.(?:only|skip|concurrent|failing))?\s*\(\s*(['"`])(?<title>(?:\\.|(?!\1)[^\\])*)\1/g;
  return [...source.matchAll(call)].flatMap((match) => match.groups?.title ?? []);
}

/** Does the title cite the rule id as a whole token? */
function cites(title: string, id: string): boolean {
  const escaped = id.replace(/\./g, '\\.');
  return new RegExp(`(?<![A-Za-z0-9.])${escaped}(?![A-Za-z0-9]|\\.[0-9])`).test(title);
}

describe('rule coverage', () => {
  const { ids, source } = ruleIds();
  // This file's own titles do not count: they talk about rule ids without testing any rule.
  const files = SPEC_ROOTS.flatMap(specFiles).filter((file) => resolve(file) !== resolve(__filename));
  const titles = files.flatMap((file) => testTitles(readFileSync(file, 'utf8')));

  it('reads the rule ids from RULES.md, and the committed fallback list matches them', () => {
    expect(ids.length).toBeGreaterThan(0);
    if (source === RULES_MD) expect(ids).toEqual(RULE_IDS);
  });

  it('matches ids as whole tokens: a sub-rule or a longer number does not cite its parent', () => {
    expect(cites('E1.1: the second cancel is ignored', 'E1')).toBe(false);
    expect(cites('E1/E1.2: a cancel with HP > 0 halts', 'E1')).toBe(true);
    expect(cites('E1.1: the second cancel is ignored', 'E1.1')).toBe(true);
    expect(cites('S10: square occupied', 'S1')).toBe(false);
    expect(cites('D0.1: the attacker to blame', 'D0')).toBe(false);
    expect(cites('T1 [A]: initiative alternates', 'T1')).toBe(true);
    expect(testTitles(`it('a', () => 1); describe("b", () => {}); test.skip(\`c\`, () => 1); x.it('d');`)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('every rule id is cited by the name of at least one test', () => {
    expect(files.length).toBeGreaterThan(0);
    const uncited = ids.filter((id) => !titles.some((title) => cites(title, id)));
    if (uncited.length > 0) {
      throw new Error(
        `No test name cites ${uncited.join(', ')} (rule ids from ${source}; ${titles.length} test names in ` +
          `${files.length} spec files under ${SPEC_ROOTS.join(' and ')})`,
      );
    }
  });
});
