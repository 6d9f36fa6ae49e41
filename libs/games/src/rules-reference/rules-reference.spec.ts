import * as fs from 'node:fs';
import * as path from 'node:path';
import { RULE_IDS } from '../../../rules/test/rule-ids';
import { RULES_REFERENCE, ruleEntry, rulePath } from './rules-reference';

const SHARED = path.resolve(__dirname, '../../../../../shared');
const RULES_MD = path.join(SHARED, 'RULES.md');

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

describe('the rules reference', () => {
  it('has every rule id of RULES.md, in its order, and the assumption marker A; nothing else', () => {
    expect(RULES_REFERENCE.map((entry) => entry.id)).toEqual([...RULE_IDS, 'A']);
  });

  it('gives each rule a title, a statement and at least one source page', () => {
    for (const entry of RULES_REFERENCE) {
      expect([entry.id, entry.title.length > 3, entry.statement.length > 30, entry.sources.length > 0]).toEqual([
        entry.id,
        true,
        true,
        true,
      ]);
    }
  });

  it('names only source pages the project holds (in ../shared/seeds when present)', () => {
    const files = new Set(RULES_REFERENCE.flatMap((entry) => entry.sources.map((source) => source.file)));
    files.delete(null);
    expect([...files].sort()).toEqual([
      'seeds/000_71d1e6660ad2947c.txt',
      'seeds/001_a2ea202c6bf387fc.txt',
      'seeds/002_f43a792323ed9a57.txt',
      'seeds/003_3f958e86ffc81eaa.txt',
    ]);
    if (!fs.existsSync(SHARED)) return;
    for (const file of files) expect([file, fs.existsSync(path.join(SHARED, file as string))]).toEqual([file, true]);
  });

  it('is written in the project’s words: no run of eight words is RULES.md’s (checked where RULES.md is present)', () => {
    if (!fs.existsSync(RULES_MD)) return;
    const original = runs(fs.readFileSync(RULES_MD, 'utf8'), 8);
    const copied = RULES_REFERENCE.flatMap((entry) =>
      [...runs(entry.statement, 8)].filter((run) => original.has(run)).map((run) => `${entry.id}: ${run}`),
    );
    expect(copied).toEqual([]);
  });

  it('finds an entry whatever the case of its id, and says where it is served', () => {
    expect(ruleEntry('e1.1')?.id).toBe('E1.1');
    expect(ruleEntry(' q2 ')?.title).toBe('A death spoils the rest of the turn');
    expect(ruleEntry('Z9')).toBeUndefined();
    expect(rulePath('E1.1')).toBe('/rules/E1.1');
  });
});
