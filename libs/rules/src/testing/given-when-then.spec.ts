import { event, findSequence, firstDifference, matches } from './event-pattern';
import { game, recruit, spell } from './game-builder';
import { SpecificationFailed, cast, given, targetSpell, turn } from './given-when-then';

describe('testing kit', () => {
  describe('partial matching (docs/testing.md, "Expectation files")', () => {
    it('checks only the fields a pattern gives, nested objects partially too', () => {
      expect(matches({ a: 1, b: { c: 2, d: 3 } }, { b: { c: 2 } })).toBe(true);
      expect(matches({ a: 1, b: { c: 2 } }, { b: { c: 3 } })).toBe(false);
      expect(matches({ a: 1 }, {})).toBe(true);
    });

    it('needs arrays of the same length, element by element', () => {
      expect(matches({ ids: ['a', 'b'] }, { ids: ['a', 'b'] })).toBe(true);
      expect(matches({ ids: ['a', 'b'] }, { ids: ['a'] })).toBe(false);
      expect(matches([{ x: 1, y: 2 }], [{ x: 1 }])).toBe(true);
    });

    it('lets null match a missing field or null, and nothing else', () => {
      expect(matches({ a: 1 }, { b: null })).toBe(true);
      expect(matches({ b: null }, { b: null })).toBe(true);
      expect(matches({ b: 0 }, { b: null })).toBe(false);
    });

    it('finds a sequence as a subsequence, in order', () => {
      const events = given(game()).events;
      expect(findSequence(events, [event('GameCreated'), event('OrdersPhaseStarted')])).toEqual({ found: [0, 6] });
      expect(findSequence(events, [event('OrdersPhaseStarted'), event('GameCreated')])).toEqual({
        missing: 1,
        after: 6,
      });
    });

    it('tells the first difference between two values, ignoring undefined fields', () => {
      expect(firstDifference({ a: [1, { b: 2 }], c: undefined }, { a: [1, { b: 2 }] })).toBeNull();
      expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe('$.a[1].b (2 ≠ 3)');
    });
  });

  describe('given / when / then', () => {
    const bolt = spell('bolt', { effects: [{ damage: { amount: 3, magical: true } }] });
    const setup = () =>
      game()
        .spells(bolt)
        .hand('red', 'bolt')
        .group('B', 'blue', [recruit('B1', { hp: 3 })]);

    it('passes when the events match and fails, listing the events, when they do not', () => {
      const when = () => given(setup()).when(turn({ red: [cast('bolt', { minion: 'B1' })] }));
      expect(() => when().then(event('MinionDied', { minionId: 'B1', category: 'dies' }))).not.toThrow();
      expect(() => when().then(event('MinionDied', { category: 'kills' }))).toThrow(SpecificationFailed);
      expect(() => when().then(event('MinionDied'), event('SpellExecuting'))).toThrow(/sequence item 2/);
      expect(() => when().run().andNot(event('MinionBuried'))).toThrow(/absent item/);
      expect(() => when().run().andCount(event('DamageApplied'), 2)).toThrow(/expected 2 events/);
    });

    it('fails on an unexpected rejection, and on an expected one that does not come or differs', () => {
      expect(() =>
        given(setup())
          .when(targetSpell('red', 'bolt', { minion: 'X' }))
          .run(),
      ).toThrow(/was rejected/);
      expect(() =>
        given(setup())
          .when(targetSpell('red', 'bolt', { minion: 'B1' }))
          .thenRejected({}),
      ).toThrow(/every command was accepted/);
      expect(() =>
        given(setup())
          .when(targetSpell('red', 'bolt', { minion: 'X' }))
          .thenRejected({ rule: 'S5' }),
      ).toThrow(/rejected with/);
      const error = given(setup())
        .when(targetSpell('red', 'bolt', { minion: 'X' }))
        .thenRejected({ kind: 'not-found' });
      expect(error.rule).toBe('S2');
    });
  });
});
