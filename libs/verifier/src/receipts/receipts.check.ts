import { type EventDataMap, type GameResult, startsCommand } from '@app/rules';
import { canonicalJson } from '../canonical/canonical-json';
import { resultOfGameEnded } from './game-result';
import type { ChainVerdict } from '../audit/game-audit.report';
import { platformCrypto } from '../crypto/platform-crypto';
import type { VerifierCrypto } from '../crypto/verifier-crypto';
import type { GameEventLine } from '../events/game-event-line';
import type { StatementKeys } from '../keys/statement-keys';
import type { Receipt } from './receipt';
import { verifyStatementOfKind } from './signed-statement.shapes';

/** A receipt as a player handed it in, and where: `line 3 of red.jsonl`. */
export interface HandedReceipt {
  place: string;
  receipt: Receipt;
  /**
   * A signed game head (`GET /games/:id/head`, a head of the tournament log) is held to the game like a receipt, but
   * names no command: the game must hold its revision, with its hash and result, at the end of a command.
   */
  kind?: 'receipt' | 'game head';
}

export interface ReceiptVerdict extends HandedReceipt {
  holds: boolean;
  /** Why not, in a sentence (absent when it holds). */
  reason?: string;
}

/** A value as canonical JSON; a stored value that has none (a forged event's data) is reported, not thrown. */
function readable(value: unknown): string {
  try {
    return canonicalJson(value);
  } catch {
    return 'that cannot be read';
  }
}

/** Where a receipt sorts: a malformed one first (it is reported, not compared). */
function revisionOf({ receipt }: HandedReceipt): number {
  return Number.isSafeInteger(receipt.revision) ? receipt.revision : -1;
}

/** What the stored game says at a receipted revision (null: not a string, as no event the service stores has). */
interface Found {
  hash: string | null;
  commandId: string | null;
  /** The game's result at that revision (null before it ended) [A]. */
  result: GameResult | null;
  /** Whether the next stored event starts another command (undefined until it is read, or the stream ends). */
  endsCommand?: boolean;
}

/**
 * Whether a stored game holds the receipts its players kept (`sanctum verify GAME --receipts FILE`): each receipt's
 * signature is valid for one of the keys, the game holds the receipted revision, the event stored there has the
 * receipt's hash and ends the receipt's command, and the hash chain is intact from the genesis up to it (so the
 * stored hash is the hash of the stored content). A forger who rewrites a game and chains it again, even with the
 * original command ids, changes the hash of every revision from the first one changed: the first receipt at or
 * after it no longer holds. Fed the game's events in order, one at a time.
 */
export class ReceiptsCheck {
  private readonly wanted = new Map<number, Found | null>();
  private previous: { revision: number; commandId: unknown } | null = null;
  private lastRevision = -1;
  private result: GameResult | null = null;

  constructor(
    private readonly gameId: string,
    private readonly handed: readonly HandedReceipt[],
    private readonly keys: StatementKeys,
    private readonly crypto: VerifierCrypto = platformCrypto,
  ) {
    for (const { receipt } of handed) {
      if (Number.isSafeInteger(receipt.revision)) this.wanted.set(receipt.revision, null);
    }
  }

  push(event: GameEventLine): void {
    const pending = this.previous && this.wanted.get(this.previous.revision);
    if (pending) {
      pending.endsCommand = startsCommand(event) || event.metadata.commandId !== this.previous?.commandId;
    }
    if (event.type === 'GameEnded' && this.result === null) {
      this.result = resultOfGameEnded(event.data as EventDataMap['GameEnded']);
    }
    if (this.wanted.has(event.revision)) {
      const { hash, commandId } = event.metadata;
      this.wanted.set(event.revision, {
        hash: typeof hash === 'string' ? hash : null,
        commandId: typeof commandId === 'string' ? commandId : null,
        result: this.result,
      });
    }
    this.previous = { revision: event.revision, commandId: event.metadata.commandId };
    this.lastRevision = Math.max(this.lastRevision, event.revision);
  }

  /** The verdict of every receipt, in revision order (the first that does not hold is the forgery's earliest trace). */
  verdicts(chain: ChainVerdict): ReceiptVerdict[] {
    const last = this.previous && this.wanted.get(this.previous.revision);
    if (last && last.endsCommand === undefined) last.endsCommand = true;
    return [...this.handed]
      .sort((a, b) => revisionOf(a) - revisionOf(b))
      .map((handed) => {
        const reason = this.reasonAgainst(handed, chain);
        return reason === null ? { ...handed, holds: true } : { ...handed, holds: false, reason };
      });
  }

  private reasonAgainst({ receipt, kind = 'receipt' }: HandedReceipt, chain: ChainVerdict): string | null {
    const signature = verifyStatementOfKind(receipt, kind, this.keys, this.crypto);
    if (!signature.valid) return `its signature does not hold: ${signature.reason}`;
    if (receipt.gameId !== this.gameId) return `it is a ${kind} of game ${receipt.gameId}, not of ${this.gameId}`;
    const found = this.wanted.get(receipt.revision);
    if (!found) {
      return this.lastRevision < 0
        ? `the store holds no event of game ${this.gameId}: revision ${receipt.revision} is missing (the game was removed)`
        : `the stored game ends at revision ${this.lastRevision}: revision ${receipt.revision} is missing (events were removed)`;
    }
    if (found.hash !== receipt.hash) {
      return (
        `the stored event at revision ${receipt.revision} has ${found.hash === null ? 'no hash' : `hash ${found.hash}`}, ` +
        `the ${kind} ${receipt.hash}: ` +
        `the game was rewritten at or before revision ${receipt.revision}`
      );
    }
    const broken = chain.firstBrokenRevision;
    if (broken !== null && broken <= receipt.revision) {
      return `the hash chain breaks at revision ${broken}, before the receipted revision: the stored hash is not the hash of the stored events`;
    }
    if (kind === 'receipt' && found.commandId !== receipt.commandId) {
      return `revision ${receipt.revision} is stored as an event of command ${found.commandId ?? '(none)'}, not ${receipt.commandId}`;
    }
    if (found.endsCommand === false) {
      const command = kind === 'receipt' ? receipt.commandId : (found.commandId ?? '(none)');
      return `revision ${receipt.revision} does not end command ${command}: more of its events follow`;
    }
    const stated = receipt.result === undefined ? null : readable(receipt.result);
    const stored = found.result === null ? null : readable(found.result);
    if (stated !== stored) {
      return `the ${kind} states the result ${stated ?? 'of a game that goes on'}, the stored game ${stored ?? 'goes on'} at revision ${receipt.revision}`;
    }
    return null;
  }
}
