import { resolve } from 'node:path';
import { cites, filesUnder, read, testTitles } from '../../../scripts/rule-citations';
import { RULE_IDS } from './rule-ids';

/**
 * Every rule the engine implements is cited by the name of at least one test: a test title (`it`, `test` or
 * `describe`) that contains the rule id as a whole token (`E1` is not cited by `E1.1` alone, nor `S1` by `S10`).
 * docs/rules.md lists, for each rule, the tests that cite it.
 */

const REPO_ROOT = resolve(__dirname, '../../..');
/** Where the tests live: the rules library (beside the code and in libs/rules/test) and the cross-module suites. */
const SPEC_ROOTS = [resolve(REPO_ROOT, 'libs/rules'), resolve(REPO_ROOT, 'test')];

describe('rule coverage', () => {
  // This file's own titles do not count: they talk about rule ids without testing any rule.
  const files = SPEC_ROOTS.flatMap((root) => filesUnder(root, ['.spec.ts'])).filter(
    (file) => resolve(file) !== resolve(__filename),
  );
  const titles = files.flatMap((file) => testTitles(read(file)));

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
    const uncited = RULE_IDS.filter((id) => !titles.some((title) => cites(title, id)));
    if (uncited.length > 0) {
      throw new Error(
        `No test name cites ${uncited.join(', ')} (${titles.length} test names in ` +
          `${files.length} spec files under ${SPEC_ROOTS.join(' and ')})`,
      );
    }
  });
});
