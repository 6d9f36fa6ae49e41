import type { ReceiptVerdict } from '@app/games';

/** `receipt red.jsonl line 3 (revision 12, command red-1): holds` — one line per receipt, in revision order. */
export function receiptVerdictLines(verdicts: readonly ReceiptVerdict[], keysName: string): string[] {
  const lines = [`receipts:      ${verdicts.length}, signatures checked against ${keysName}`];
  for (const { place, receipt, holds, reason } of verdicts) {
    const what = `revision ${String(receipt.revision)}, command ${String(receipt.commandId)}`;
    lines.push(holds ? `  ${place} (${what}): holds` : `  ${place} (${what}): DOES NOT HOLD: ${reason}`);
  }
  return lines;
}

/** The verdict line of the receipts, naming the first that does not hold (null when all hold). */
export function firstFailedReceipt(verdicts: readonly ReceiptVerdict[]): string | null {
  const failed = verdicts.find((verdict) => !verdict.holds);
  if (failed === undefined) return null;
  return (
    `verdict: NOT VERIFIED: the receipt at ${failed.place} (revision ${String(failed.receipt.revision)}, ` +
    `command ${String(failed.receipt.commandId)}) does not hold: ${failed.reason}`
  );
}
