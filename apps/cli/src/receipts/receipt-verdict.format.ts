import type { ReceiptVerdict } from '@app/games';

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
