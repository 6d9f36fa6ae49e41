import { EventStore } from '@app/event-store';
import { Inject, Injectable } from '@nestjs/common';
import type { CommandOutcome } from '../commands/command-outcome';
import { RecentEntriesCache } from '../caching/recent-entries.cache';
import { GameNotFoundError, UnkeyedChainError } from '../games.errors';
import { chainSecretOf, type PublishedKeys, type Receipt, type SignedGameHead } from '@app/verifier';
import { gameStream } from '../game-stream';
import { type GameEventLine } from '../recording/game-event-line';
import type { StoredGameEvent } from '../recording/stored-game-event';
import type { Viewer } from '../viewers/viewer';
import { ReceiptKeyRing } from './receipt-key-ring';
import { RECEIPT_KEYS } from './receipt-keys.token';
import { receiptVisibleTo } from './receipt-visibility';
import { commandSpans } from './recorded-command.spans';
import { type ReceiptCommand, commandInWords } from './command-words';
import { signStatement } from './statement-signing';
import { gameEventAt, gameEvents } from '../loading/game-events.reader';
import { lastRevisionOf } from '../loading/last-revision.query';
import { gameResultAt } from '../game-end/game-result-at';
import { GameEndWatch } from '../game-end/game-end.watch';
import type { GameResult } from '@app/rules';

const PAGE_SIZE = 1000;

/** Which receipts (GameReceipts.page): of the commands recorded from `from` on, at most `limit`, one command's. */
export interface ReceiptPageQuery {
  from?: number;
  limit?: number;
  commandId?: string;
}

export interface ReceiptPage {
  receipts: Receipt[];
  /** Which command each receipt covers, in words, and its first event (one per receipt, in the same order). */
  commands: ReceiptCommand[];
  /** The `from` of the next page; null when none of this view's receipts is left after this one. */
  next: number | null;
}
/** How many games' "is the chain keyed?" answers are kept (revision 0 never changes). */
const KEYED_ANSWERS = 10_000;

/**
 * The receipt of a recorded command, from its first event (the command's id) and its last (revision and hash), with
 * the game's result when it had ended by then [A].
 */
export function receiptOfCommand(
  keys: ReceiptKeyRing,
  gameId: string,
  first: GameEventLine,
  last: GameEventLine,
  result: GameResult | null = null,
): Receipt {
  return signStatement(keys, {
    gameId,
    revision: last.revision,
    hash: String(last.metadata.hash),
    commandId: String(first.metadata.commandId),
    ...(result === null ? {} : { result }),
  });
}

/**
 * Receipts and signed heads. Both are functions of the stored events (Ed25519 signatures are deterministic), so a
 * receipt is never stored: it is the same whether answered to the command, to its retry, or recomputed later for any
 * recorded command — such as the scheduler's garbage collections, which nobody calls over HTTP.
 *
 * Only games whose chain is keyed with a chain secret get them: the hashes of a game recorded before would tell
 * whoever holds one which hidden orders were given (see chain-secret.ts). The organiser, who sees everything, still
 * gets that game's heads and receipts.
 */
@Injectable()
export class GameReceipts {
  private readonly keyed = new RecentEntriesCache<string, boolean>(KEYED_ANSWERS);
  private signatures = 0;

  constructor(
    private readonly store: EventStore,
    @Inject(RECEIPT_KEYS) private readonly keys: ReceiptKeyRing,
  ) {}

  /**
   * The receipt of a handled command (or of its retry, which answers the first one's events); undefined for a game
   * whose chain is not keyed.
   */
  async forOutcome(
    outcome: Pick<CommandOutcome, 'gameId' | 'events' | 'resultAtRevision'>,
  ): Promise<Receipt | undefined> {
    const [first] = outcome.events;
    const last = outcome.events.at(-1);
    // Every handled command records at least one event.
    if (first === undefined || last === undefined || !(await this.chainIsKeyed(outcome.gameId))) return undefined;
    return this.receiptOf(outcome.gameId, first, last, outcome.resultAtRevision);
  }

  /** Whether the game's first event records a chain secret (the games created since receipts exist all do). */
  async chainIsKeyed(gameId: string): Promise<boolean> {
    const known = this.keyed.get(gameId);
    if (known !== undefined) return known;
    const [first] = await this.store.readStream(gameStream(gameId), { maxCount: 1 });
    if (first === undefined) throw new GameNotFoundError(gameId);
    const keyed = typeof chainSecretOf(first.metadata) === 'string';
    this.keyed.remember(gameId, keyed);
    return keyed;
  }

  receiptOf(gameId: string, first: GameEventLine, last: GameEventLine, result: GameResult | null = null): Receipt {
    this.signatures += 1;
    return receiptOfCommand(this.keys, gameId, first, last, result);
  }

  /** Receipts and heads signed by this process since start (metrics). */
  get signedCount(): number {
    return this.signatures;
  }

  /** The receipts of every recorded command this viewer may see (receiptVisibleTo), in revision order. */
  async list(gameId: string, viewer: Viewer, commandId?: string): Promise<Receipt[]> {
    return (await this.page(gameId, viewer, { commandId })).receipts;
  }

  /**
   * The receipts this viewer may see of the commands recorded from revision `from` on, at most `limit` of them
   * (all without it), and `next`: the `from` of the next page, or null when no receipt of this view is left. The
   * game is read only as far as the page needs. `next` is the revision after the page's last receipt, so it tells
   * nothing of the commands this viewer may not see.
   */
  async page(gameId: string, viewer: Viewer, query: ReceiptPageQuery): Promise<ReceiptPage> {
    const last = await lastRevisionOf(this.store, gameId);
    if (viewer.role !== 'organiser' && !(await this.chainIsKeyed(gameId)))
      return { receipts: [], commands: [], next: null };
    const from = query.from ?? 0;
    const receipts: Receipt[] = [];
    const commands: ReceiptCommand[] = [];
    // From the event before `from`: a command that began before it is another page's, and this tells which.
    const start = Math.max(0, from - 1);
    // The game's end, once the read has passed it: the receipts from there on say how it ended [A].
    const ending = new GameEndWatch(await gameResultAt(this.store, gameId, start), start);
    for await (const { first, last: end } of commandSpans(ending.watch(this.events(gameId, start, last)))) {
      if (first.revision < from) continue;
      if (query.commandId !== undefined && first.metadata.commandId !== query.commandId) continue;
      if (!receiptVisibleTo(viewer, first)) continue;
      const lastOfPage = receipts.at(-1);
      if (receipts.length === query.limit && lastOfPage !== undefined)
        return { receipts, commands, next: lastOfPage.revision + 1 };
      receipts.push(this.receiptOf(gameId, first, end, ending.resultAt(end.revision)));
      commands.push(commandInWords(first, end));
    }
    return { receipts, commands, next: null };
  }

  /** The game's latest revision and its chain hash, signed; UnkeyedChainError for anyone but the organiser of an unkeyed game. */
  async head(gameId: string, viewer: Viewer): Promise<SignedGameHead> {
    const last = await lastRevisionOf(this.store, gameId);
    if (viewer.role !== 'organiser' && !(await this.chainIsKeyed(gameId))) throw new UnkeyedChainError(gameId);
    const event = await gameEventAt(this.store, gameId, last);
    const result = await gameResultAt(this.store, gameId, last);
    this.signatures += 1;
    return signStatement(this.keys, {
      gameId,
      revision: event.revision,
      hash: String(event.metadata.hash),
      ...(result === null ? {} : { result }),
    });
  }

  publishedKeys(): PublishedKeys {
    return { keys: this.keys.published() };
  }

  private async *events(gameId: string, from: number, last: number): AsyncGenerator<StoredGameEvent> {
    if (from > last) return;
    yield* gameEvents(this.store, gameId, { from, pageSize: PAGE_SIZE, maxCount: last - from + 1 });
  }
}
