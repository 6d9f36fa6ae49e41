import type { ReceiptVerdict } from '../receipts/receipts.check';

/** A field of a receipt as a player's file holds it: a malformed receipt may hold anything there. */
function field(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number'
    ? String(value)
    : `(${value === null ? 'null' : typeof value})`;
}

/** `receipt red.jsonl line 3 (revision 12, command red-1): holds` — one line per receipt, in revision order. */
export function receiptVerdictLines(verdicts: readonly ReceiptVerdict[], keysName: string): string[] {
  const lines = [`receipts:      ${verdicts.length}, signatures checked against ${keysName}`];
  for (const { place, receipt, holds, reason } of verdicts) {
    const what = `revision ${field(receipt.revision)}, command ${field(receipt.commandId)}`;
    lines.push(holds ? `  ${place} (${what}): holds` : `  ${place} (${what}): DOES NOT HOLD: ${reason}`);
  }
  return lines;
}

/** The verdict line of the receipts, naming the first that does not hold (null when all hold). */
export function firstFailedReceipt(verdicts: readonly ReceiptVerdict[]): string | null {
  const failed = verdicts.find((verdict) => !verdict.holds);
  if (failed === undefined) return null;
  return (
    `verdict: NOT VERIFIED: the receipt at ${failed.place} (revision ${field(failed.receipt.revision)}, ` +
    `command ${field(failed.receipt.commandId)}) does not hold: ${failed.reason}`
  );
}

/** The audit's lines, the receipts' lines before its verdict, and the receipts' verdict first when one fails. */
export function auditWithReceiptsLines(audit: string[], receipts: string[], failed: string | null): string[] {
  const verdict = audit.at(-1);
  if (verdict === undefined) return [...receipts, ...(failed === null ? [] : [failed])];
  const auditHolds = verdict.startsWith('verdict: VERIFIED');
  const last = failed ?? (auditHolds ? `${verdict}, and the game holds every receipt` : verdict);
  return [...audit.slice(0, -1), ...receipts, ...(failed !== null && !auditHolds ? [verdict] : []), last];
}
