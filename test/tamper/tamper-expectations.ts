import { type GameAuditReport, type HandedReceipt, type Receipt, type ReceiptVerdict, auditPassed } from '@app/games';
import type { TamperedGame } from '../support/tampering/game-tampering';

/** The first revision an audit finds not holding (its chain or its re-simulation); null when it passes them. */
export function firstFinding(report: GameAuditReport): number | null {
  const found = [report.chain.firstBrokenRevision, report.resimulation.firstDivergence?.revision].filter(
    (revision): revision is number => typeof revision === 'number',
  );
  return found.length === 0 ? null : Math.min(...found);
}

export function handed(receipts: readonly Receipt[]): HandedReceipt[] {
  return receipts.map((receipt, i) => ({ place: `receipt ${i + 1}`, receipt }));
}

/**
 * What every forgery must meet, wherever the record is kept:
 * - a change the chain shows (not re-chained, not a cut end) fails the audit at exactly the first changed revision;
 * - a change the chain hides is never blamed on an earlier revision, and the receipts catch it: the first receipt at
 *   or after the change no longer holds, while every receipt of a command that ended before it still does.
 */
export function expectFound(report: GameAuditReport, forged: TamperedGame, verdicts: ReceiptVerdict[]): void {
  const first = firstFinding(report);
  if (!forged.chainHidesIt) {
    expect(auditPassed(report)).toBe(false);
    expect(first).toBe(forged.firstChanged);
  } else if (first !== null) {
    expect(first).toBeGreaterThanOrEqual(forged.firstChanged);
  }
  const firstAfter = verdicts.find(({ receipt }) => receipt.revision >= forged.firstChanged);
  expect(firstAfter).toBeDefined();
  expect(firstAfter).toMatchObject({ holds: false });
  const before = verdicts.filter(({ receipt }) => receipt.revision < forged.firstChanged - 1);
  expect(before.filter((verdict) => !verdict.holds)).toEqual([]);
}
