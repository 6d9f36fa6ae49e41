import { RULE_IDS } from '../../../rules/test/rule-ids';
import { RULES_REFERENCE, ruleEntry, rulePath } from './rules-reference';

describe('the rules reference', () => {
  it('has every rule id the engine implements, in the rulebook’s order, and the assumption marker A; nothing else', () => {
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

  it('finds an entry whatever the case of its id, and says where it is served', () => {
    expect(ruleEntry('e1.1')?.id).toBe('E1.1');
    expect(ruleEntry(' q2 ')?.title).toBe('A death spoils the rest of the turn');
    expect(ruleEntry('Z9')).toBeUndefined();
    expect(rulePath('E1.1')).toBe('/rules/E1.1');
  });
});
