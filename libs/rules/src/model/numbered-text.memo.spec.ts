import { eventIdOf, GameEventIds } from '../events/domain-event';
import { NumberedTextMemo } from './numbered-text.memo';

describe('NumberedTextMemo (event ids and order ids)', () => {
  it('gives exactly `prefix + n` below, at and beyond its bound, and for numbers it does not keep', () => {
    const memo = new NumberedTextMemo('order.', 4);
    for (const n of [0, 1, 3, 4, 5, 1_000_000, -1, 2.5]) expect(memo.text(n)).toBe(`order.${n}`);
  });

  it('keeps every text right when the numbers come out of order (a game loaded mid-way)', () => {
    const memo = new NumberedTextMemo('', 100);
    const late = memo.text(99);
    const early = memo.text(1);
    expect(memo.text(99)).toBe(late);
    expect(memo.text(1)).toBe(early);
    expect([late, early]).toEqual(['99', '1']);
  });

  it('keeps numbers on both sides of a block boundary (4,096 texts a block) and up to a bound that is not a whole block', () => {
    const memo = new NumberedTextMemo('r', 10_000);
    const numbers = [4095, 4096, 8191, 8192, 9999, 10_000, 0];
    const first = numbers.map((n) => memo.text(n));
    expect(first).toEqual(numbers.map((n) => `r${n}`));
    expect(numbers.map((n) => memo.text(n))).toEqual(first);
  });
});

describe('GameEventIds', () => {
  it('names an event `<gameId>@<revision>`, the same as eventIdOf, for revisions kept and beyond the bound', () => {
    const ids = new GameEventIds('cup-final');
    for (const revision of [0, 1, 4096, 65_536, 1_048_575, 1_048_576, 5_000_000]) {
      expect(ids.at(revision)).toBe(`cup-final@${revision}`);
      expect(eventIdOf('cup-final', revision)).toBe(ids.at(revision));
    }
  });
});
