import { type GameAuditReport, auditPassed } from '../audit/game-audit.report';
import { GameAuditor } from '../audit/game-auditor';
import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';
import { eventOfLine } from '../files/event-line.parse';
import type { StatementOfFile } from '../files/statement-file.parse';
import { linesOf } from '../files/text-lines';
import { UnusableInputError } from '../files/unusable-input.error';
import type { VerificationKeys } from '../keys/verification-keys';
import type { SignedGameHead } from '../receipts/game-head';
import type { Receipt } from '../receipts/receipt';
import { type HandedReceipt, ReceiptsCheck, type ReceiptVerdict } from '../receipts/receipts.check';
import { verifyVerdictLines } from './audit-verdict.format';
import { auditWithReceiptsLines, firstFailedReceipt, receiptVerdictLines } from './receipt-verdict.format';
import type { VerdictLines } from './statement-verdicts';

/** Events between two reports of progress. */
export const PROGRESS_EVERY = 1000;

/** What `sanctum verify FILE [--receipts R --key K]` and the offline page are given. */
export interface ExportToVerify {
  /** The export's name, as the verdicts name it (`game.jsonl`). */
  name: string;
  /** Its text, in pieces as it is read (a file of any length is never held whole). */
  chunks: AsyncIterable<string> | Iterable<string>;
  /**
   * The receipts a player kept (their file read by statementsOfText), and the keys they are checked against; a page
   * may add signed heads it holds (the game's, the tournament log's), which the game must hold as it holds a receipt.
   */
  receipts?: {
    statements: readonly StatementOfFile[];
    keys: VerificationKeys;
    heads?: readonly { place: string; head: SignedGameHead }[];
  };
  /** Called every PROGRESS_EVERY events with how many were audited (awaited: a page repaints there). */
  onProgress?: (events: number) => void | Promise<void>;
}

export interface ExportVerification extends VerdictLines {
  report: GameAuditReport;
  /** Each receipt's verdict, in revision order (when receipts were given). */
  receipts?: ReceiptVerdict[];
}

/**
 * The audit of an exported game (hash chain, re-simulation) and, with receipts, whether it holds each of them —
 * checked against the game the export names (its first event's), so a receipt of another game is refused — in the
 * words the command line prints. A line that is no event, or a file of none, is unusable (UnusableInputError).
 */
export async function verifyExport(
  input: ExportToVerify,
  crypto: VerifierCrypto = platformCrypto,
): Promise<ExportVerification> {
  const auditor = new GameAuditor(undefined, crypto);
  let receipts: ReceiptsCheck | null = null;
  let events = 0;
  for await (const { text, number } of linesOf(input.chunks)) {
    if (text.trim() === '') continue;
    const event = eventOfLine(text, `${input.name}:${number}`);
    if (input.receipts !== undefined && receipts === null) {
      const gameId = typeof event.metadata.gameId === 'string' ? event.metadata.gameId : '';
      const handed: HandedReceipt[] = input.receipts.statements.map(({ place, value }) => ({
        place,
        receipt: value as unknown as Receipt,
      }));
      for (const { place, head } of input.receipts.heads ?? []) {
        handed.push({ place, receipt: head as unknown as Receipt, kind: 'game head' });
      }
      receipts = new ReceiptsCheck(gameId, handed, input.receipts.keys.keys, crypto);
    }
    receipts?.push(event);
    auditor.push(event);
    events += 1;
    if (events % PROGRESS_EVERY === 0) await input.onProgress?.(events);
  }
  if (events === 0) throw new UnusableInputError(`${input.name}: no events in the file`);
  await input.onProgress?.(events);
  const report = auditor.report();
  const audit = verifyVerdictLines(report, input.name);
  if (receipts === null || input.receipts === undefined) return { report, lines: audit, holds: auditPassed(report) };
  const verdicts = receipts.verdicts(report.chain);
  const failed = firstFailedReceipt(verdicts);
  const keysName = input.receipts.keys.name;
  const isHead = (verdict: ReceiptVerdict) => verdict.kind === 'game head';
  const receiptLines = receiptVerdictLines(
    verdicts.filter((verdict) => !isHead(verdict)),
    keysName,
  );
  if (input.receipts.heads !== undefined) {
    receiptLines.push(...receiptVerdictLines(verdicts.filter(isHead), keysName, 'heads'));
  }
  const lines = auditWithReceiptsLines(audit, receiptLines, failed);
  return { report, receipts: verdicts, lines, holds: auditPassed(report) && failed === null };
}
