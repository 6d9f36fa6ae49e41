import { NumberedTextMemo } from '../src/model/numbered-text.memo';

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
});
