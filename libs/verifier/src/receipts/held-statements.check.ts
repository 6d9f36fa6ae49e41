import { canonicalJson } from '../canonical/canonical-json';
import type { VerdictLines } from '../verdicts/statement-verdicts';
import type { SignedGameHead } from './game-head';
import type { Receipt } from './receipt';

/** A signed statement of one game a viewer holds, and where it came from: `the receipt kept in this browser`. */
export interface HeldStatement {
  place: string;
  kind: 'receipt' | 'game head';
  statement: Receipt | SignedGameHead;
}

/** Where to find what a viewer holds of one game: the service's signed head now, and everything else it holds. */
export interface HeldOfGame {
  gameId: string;
  head: { place: string; head: SignedGameHead };
  /** The receipts served now, those kept from earlier looks, the head kept and the head the tournament log holds. */
  held: readonly HeldStatement[];
}

/** A value as canonical JSON; one that has none (a forged statement's field) is named, not thrown. */
function readable(value: unknown): string {
  try {
    return canonicalJson(value);
  } catch {
    return 'that cannot be read';
  }
}

function revisionOf(held: HeldStatement): number {
  return Number.isSafeInteger(held.statement.revision) ? held.statement.revision : -1;
}

function commandOf(held: HeldStatement): string | null {
  return held.kind === 'receipt' ? String((held.statement as Receipt).commandId) : null;
}

/** `receipt (revision 12, command red-1)`, `game head (revision 40)`. */
function describe(held: HeldStatement): string {
  const command = commandOf(held);
  return `${held.kind} (revision ${String(held.statement.revision)}${command === null ? '' : `, command ${command}`})`;
}

/**
 * Whether the signed statements a viewer holds of one game tell one story with the game's signed head, when the
 * game's record is not the viewer's to read (its hidden orders are not public): each names the game, none is past the
 * head, the one at the head's revision has the head's hash, any two of one revision agree (hash, command, result),
 * and a result stated anywhere is the head's. A receipt kept from an earlier look that the service now contradicts
 * is a game rewritten at or before its revision: a chain hash at a revision depends on every event up to it. The
 * signatures themselves are statementVerdicts' (`sanctum verify-receipt`); this checks what they say.
 */
export function heldStatementsVerdict({ gameId, head, held }: HeldOfGame): VerdictLines {
  const headResult = head.head.result === undefined ? null : readable(head.head.result);
  const lines = [`head:          game ${gameId} at revision ${head.head.revision} (${head.place})`];
  const first = new Map<number, HeldStatement>();
  let firstProblem: string | null = null;
  const ordered = [...held].sort((a, b) => revisionOf(a) - revisionOf(b));
  for (const item of ordered) {
    const { statement } = item;
    const stated = statement.result === undefined ? null : readable(statement.result);
    const earlier = first.get(statement.revision);
    let problem: string | null = null;
    if (statement.gameId !== gameId) {
      problem = `it is a ${item.kind} of game ${String(statement.gameId)}, not of ${gameId}`;
    } else if (statement.revision > head.head.revision) {
      problem = `the game's head is at revision ${head.head.revision}: revision ${statement.revision} is missing (events were removed)`;
    } else if (statement.revision === head.head.revision && statement.hash !== head.head.hash) {
      problem = `the head has hash ${head.head.hash} at revision ${statement.revision}, the ${item.kind} ${String(statement.hash)}: the game was rewritten at or before revision ${statement.revision}`;
    } else if (earlier !== undefined && earlier.statement.hash !== statement.hash) {
      problem = `${earlier.place} has hash ${earlier.statement.hash} at revision ${statement.revision}, this one ${String(statement.hash)}: the game was rewritten at or before revision ${statement.revision}`;
    } else if (
      earlier !== undefined &&
      commandOf(earlier) !== null &&
      commandOf(item) !== null &&
      commandOf(earlier) !== commandOf(item)
    ) {
      problem = `${earlier.place} ends command ${commandOf(earlier)} at revision ${statement.revision}, this one ${commandOf(item)}`;
    } else if (stated !== null && stated !== headResult) {
      problem = `it states the result ${stated}, the head ${headResult ?? 'of a game that goes on'}`;
    } else if (statement.revision === head.head.revision && stated !== headResult) {
      problem = `the head states the result ${headResult ?? '(none)'} at its revision, the ${item.kind} ${stated ?? 'none'}`;
    }
    if (earlier === undefined) first.set(statement.revision, item);
    const what = `${item.place}: ${describe(item)}`;
    if (problem === null) {
      lines.push(`  ${what}: agrees`);
    } else {
      lines.push(`  ${what}: DOES NOT AGREE: ${problem}`);
      firstProblem ??= `${what}: ${problem}`;
    }
  }
  lines.push(
    firstProblem === null
      ? `verdict: CONSISTENT: ${held.length} signed statements of game ${gameId} agree with its head at revision ${head.head.revision}`
      : `verdict: NOT CONSISTENT: the first that does not agree is ${firstProblem}`,
  );
  return { lines, holds: firstProblem === null };
}
