import type { SignedGameHead } from './game-head';
import { type HeldStatement, heldStatementsVerdict } from './held-statements.check';
import type { Receipt } from './receipt';

const hash = (digit: string) => digit.repeat(64);
const signed = { keyId: 'k', signature: 's' };
const head: SignedGameHead = { gameId: 'g', revision: 40, hash: hash('a'), ...signed };
const receipt = (revision: number, digit: string, extra: Partial<Receipt> = {}): HeldStatement => ({
  place: `receipt ${revision}`,
  kind: 'receipt',
  statement: { gameId: 'g', revision, hash: hash(digit), commandId: `c${revision}`, ...signed, ...extra },
});
const verdict = (held: HeldStatement[], at: SignedGameHead = head) =>
  heldStatementsVerdict({ gameId: 'g', head: { place: 'the head', head: at }, held });

/**
 * What a viewer without the record can tell from its signed statements alone (their signatures are checked apart):
 * whether they and the game's head tell one story.
 */
describe('heldStatementsVerdict: the statements a viewer holds, against the game’s head', () => {
  it('agree when each names the game, none is past the head, and the one at the head has its hash', () => {
    const result = verdict([receipt(6, 'b'), receipt(20, 'c'), receipt(40, 'a')]);
    expect(result.holds).toBe(true);
    expect(result.lines.at(-1)).toBe(
      'verdict: CONSISTENT: 3 signed statements of game g agree with its head at revision 40',
    );
  });

  it('do not, naming the first that does not and why', () => {
    const cases: [HeldStatement[], string][] = [
      [
        [receipt(6, 'b', { gameId: 'other' })],
        'receipt 6: receipt (revision 6, command c6): it is a receipt of game other, not of g',
      ],
      [[receipt(41, 'b')], "the game's head is at revision 40: revision 41 is missing (events were removed)"],
      [[receipt(40, 'b')], 'the game was rewritten at or before revision 40'],
      [
        [receipt(20, 'c'), { ...receipt(20, 'd'), place: 'kept' }],
        'kept: receipt (revision 20, command c20): receipt 20 has hash cccc',
      ],
      [
        [receipt(20, 'c'), { ...receipt(20, 'c', { commandId: 'other' }), place: 'kept' }],
        'receipt 20 ends command c20 at revision 20, this one other',
      ],
      [
        [receipt(20, 'c', { result: { winner: 'red', reason: 'resignation', turn: 2 } })],
        'it states the result {"reason":"resignation","turn":2,"winner":"red"}, the head of a game that goes on',
      ],
    ];
    for (const [held, reason] of cases) {
      const result = verdict(held);
      expect([reason, result.holds]).toEqual([reason, false]);
      expect(result.lines.at(-1)).toContain(reason);
    }
  });

  it('a game that ended: the head’s result is the one every statement at its revision must state', () => {
    const result = { winner: null, reason: 'adjudication' as const, turn: 3 };
    const ended = { ...head, result };
    expect(verdict([receipt(40, 'a', { result })], ended).holds).toBe(true);
    expect(verdict([receipt(40, 'a')], ended).lines.at(-1)).toContain(
      'the head states the result {"reason":"adjudication","turn":3,"winner":null} at its revision, the receipt none',
    );
  });
});
