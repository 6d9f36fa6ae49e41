import type { ReceiptVerdict } from '../receipts/receipts.check';

/** A field of a receipt as a player's file holds it: a malformed receipt may hold anything there. */
function field(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number'
    ? String(value)
    : `(${value === null ? 'null' : typeof value})`;
}

/** `revision 12, command red-1`, or `revision 12, game head`. */
function what({ receipt, kind }: ReceiptVerdict): string {
  const of = kind === 'game head' ? 'game head' : `command ${field(receipt.commandId)}`;
  return `revision ${field(receipt.revision)}, ${of}`;
}

/**
 * `receipt red.jsonl line 3 (revision 12, command red-1): holds` — one line per receipt, in revision order, under a
 * heading (`receipts:`; `heads:` for the signed heads a page holds to the game beside them).
 */
export function receiptVerdictLines(
  verdicts: readonly ReceiptVerdict[],
  keysName: string,
  heading = 'receipts',
): string[] {
  const lines = [`${`${heading}:`.padEnd(15)}${verdicts.length}, signatures checked against ${keysName}`];
  for (const verdict of verdicts) {
    const { place, holds, reason } = verdict;
    lines.push(
      holds ? `  ${place} (${what(verdict)}): holds` : `  ${place} (${what(verdict)}): DOES NOT HOLD: ${reason}`,
    );
  }
  return lines;
}

/** The verdict line of the receipts, naming the first that does not hold (null when all hold). */
export function firstFailedReceipt(verdicts: readonly ReceiptVerdict[]): string | null {
  const failed = verdicts.find((verdict) => !verdict.holds);
  if (failed === undefined) return null;
  const kind = failed.kind === 'game head' ? 'game head' : 'receipt';
  return `verdict: NOT VERIFIED: the ${kind} at ${failed.place} (${what(failed)}) does not hold: ${failed.reason}`;
}

/** The audit's lines, the receipts' lines before its verdict, and the receipts' verdict first when one fails. */
export function auditWithReceiptsLines(audit: string[], receipts: string[], failed: string | null): string[] {
  const verdict = audit.at(-1);
  if (verdict === undefined) return [...receipts, ...(failed === null ? [] : [failed])];
  const auditHolds = verdict.startsWith('verdict: VERIFIED');
  const last = failed ?? (auditHolds ? `${verdict}, and the game holds every receipt` : verdict);
  return [...audit.slice(0, -1), ...receipts, ...(failed !== null && !auditHolds ? [verdict] : []), last];
}
