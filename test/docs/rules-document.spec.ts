import * as fs from 'node:fs';
import * as path from 'node:path';
import { RULES_DOCUMENT_FILE, rulesDocument } from '../../scripts/rules-document';
import { RULE_IDS } from '../../libs/rules/test/rule-ids';
import { REPO_ROOT } from '../support/repo-root';

describe(`${RULES_DOCUMENT_FILE}: the rules the engine implements, made from the code`, () => {
  const document = rulesDocument();

  it('is committed exactly as the rules reference, the engine and the tests make it now (else: npm run docs)', () => {
    expect(fs.readFileSync(path.join(REPO_ROOT, RULES_DOCUMENT_FILE), 'utf8')).toBe(document);
  });

  it('has every rule id with its text, its source page and the tests that cite it', () => {
    for (const id of RULE_IDS) {
      const section = document.split('\n### ').find((part) => part.startsWith(`${id} — `));
      expect({ id, found: section !== undefined }).toEqual({ id, found: true });
      expect(section).toMatch(/- \*\*Source:\*\* \S/);
      expect(section).not.toContain('no test names it');
    }
  });

  it('points nowhere outside the repository', () => {
    expect(document).not.toMatch(/RULES\.md|DESIGN\.md|\.\.\/shared|seeds\//);
  });
});
