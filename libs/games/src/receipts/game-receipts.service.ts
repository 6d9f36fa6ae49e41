import { EventStore } from '@app/event-store';
import { Inject, Injectable } from '@nestjs/common';
import type { CommandOutcome } from '../commands/game-command.service';
import { GameNotFoundError } from '../games.errors';
import { gameStream } from '../game-stream';
import { type GameEventLine, toEventLine } from '../recording/game-event-line';
import type { Viewer } from '../viewers/viewer';
import type { SignedGameHead } from './game-head';
import type { Receipt } from './receipt';
import { ReceiptKeyRing } from './receipt-key-ring';
import { RECEIPT_KEYS } from './receipt-keys.token';
import { receiptVisibleTo } from './receipt-visibility';
import { commandSpans } from './recorded-command.spans';
import { signStatement } from './signed-statement';
import type { PublishedKeys } from './signing-key';

const PAGE_SIZE = 1000;

/** The receipt of a recorded command, from its first event (the command's id) and its last (revision and hash). */
export function receiptOfCommand(
  keys: ReceiptKeyRing,
  gameId: string,
  first: GameEventLine,
  last: GameEventLine,
): Receipt {
  return signStatement(keys, {
    gameId,
    revision: last.revision,
    hash: String(last.metadata.hash),
    commandId: String(first.metadata.commandId),
  });
}

/**
 * Receipts and signed heads. Both are functions of the stored events (Ed25519 signatures are deterministic), so a
 * receipt is never stored: it is the same whether answered to the command, to its retry, or recomputed later for any
 * recorded command — such as the scheduler's garbage collections, which nobody calls over HTTP.
 */
@Injectable()
export class GameReceipts {
  constructor(
    private readonly store: EventStore,
    @Inject(RECEIPT_KEYS) private readonly keys: ReceiptKeyRing,
  ) {}

  /** The receipt of a handled command (or of its retry, which answers the first one's events). */
  forOutcome(outcome: Pick<CommandOutcome, 'gameId' | 'events'>): Receipt {
    const events = outcome.events;
    return this.receiptOf(outcome.gameId, events[0], events[events.length - 1]);
  }

  receiptOf(gameId: string, first: GameEventLine, last: GameEventLine): Receipt {
    return receiptOfCommand(this.keys, gameId, first, last);
  }

  /** The receipts of every recorded command this viewer may see (receiptVisibleTo), in revision order. */
  async list(gameId: string, viewer: Viewer, commandId?: string): Promise<Receipt[]> {
    const last = await this.store.streamRevision(gameStream(gameId));
    if (last === null) throw new GameNotFoundError(gameId);
    const receipts: Receipt[] = [];
    for await (const { first, last: end } of commandSpans(this.events(gameId, last))) {
      if (commandId !== undefined && first.metadata.commandId !== commandId) continue;
      if (receiptVisibleTo(viewer, first)) receipts.push(this.receiptOf(gameId, first, end));
    }
    return receipts;
  }

  /** The game's latest revision and its chain hash, signed. */
  async head(gameId: string): Promise<SignedGameHead> {
    const last = await this.store.streamRevision(gameStream(gameId));
    if (last === null) throw new GameNotFoundError(gameId);
    const [event] = await this.store.readStream(gameStream(gameId), { from: last, maxCount: 1 });
    return signStatement(this.keys, { gameId, revision: event.revision, hash: String(event.metadata.hash) });
  }

  publishedKeys(): PublishedKeys {
    return { keys: this.keys.published() };
  }

  private async *events(gameId: string, last: number): AsyncGenerator<GameEventLine> {
    const pages = this.store.readStreamPages(gameStream(gameId), { pageSize: PAGE_SIZE, maxCount: last + 1 });
    for await (const page of pages) for (const event of page) yield toEventLine(event);
  }
}
