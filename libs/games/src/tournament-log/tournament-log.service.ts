import { EventStore, WrongExpectedRevisionError } from '@app/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { GAME_STREAM_PREFIX, gameIdOfStream } from '../game-stream';
import { ConcurrencyConflictError } from '../games.errors';
import { GameReceipts } from '../receipts/game-receipts.service';
import type { SignedGameHead } from '../receipts/game-head';
import { ReceiptKeyRing } from '../receipts/receipt-key-ring';
import { RECEIPT_KEYS } from '../receipts/receipt-keys.token';
import { signStatement } from '../receipts/signed-statement';
import { ORGANISER } from '../viewers/viewer';
import { leafHashOfHead } from './log-leaf';
import { LogPointNotFoundError } from './log-point-not-found.error';
import type { ConsistencyProofAnswer, InclusionProofAnswer, LoggedHead } from './log-proofs';
import { consistencyProof, inclusionProof, rootOf } from './merkle-tree';
import { HEAD_LOGGED, TOURNAMENT_LOG_STREAM } from './tournament-log.stream';
import type { SignedTreeHead } from './tree-head';

const ATTEMPTS = 5;
const PAGE_SIZE = 5000;

export interface RecordedHeads {
  /** The heads appended now (a game whose head is already the last one logged for it is not logged again). */
  recorded: SignedGameHead[];
  /** Games recorded before chain secrets: the log is public, and their hashes would tell hidden events. */
  skipped: string[];
  treeHead: SignedTreeHead;
}

/**
 * The tournament log (issue #18, 4): an append-only Merkle tree (RFC 6962 shape) of the signed heads of the games.
 * The organiser records the heads once per round and publishes the signed tree head it answers; anyone can then get
 * an inclusion proof for a head and a consistency proof between two sizes, and check them with the public keys
 * alone. A tree head is a function of the log's first `size` leaves, so any size's tree head can be answered again.
 */
@Injectable()
export class TournamentLog {
  constructor(
    private readonly store: EventStore,
    private readonly receipts: GameReceipts,
    @Inject(RECEIPT_KEYS) private readonly keys: ReceiptKeyRing,
  ) {}

  /** Appends the current head of each game named (every game, by default) that moved since it was last logged. */
  async record(gameIds?: readonly string[]): Promise<RecordedHeads> {
    const named = gameIds ?? (await this.allGameIds());
    const ids: string[] = [];
    const skipped: string[] = [];
    for (const gameId of named) ((await this.receipts.chainIsKeyed(gameId)) ? ids : skipped).push(gameId);
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      const entries = await this.entries();
      const lastLogged = new Map(entries.map(({ head }) => [head.gameId, head]));
      const heads: SignedGameHead[] = [];
      for (const gameId of ids) {
        const head = await this.receipts.head(gameId, ORGANISER);
        const logged = lastLogged.get(gameId);
        if (logged?.revision !== head.revision || logged.hash !== head.hash) heads.push(head);
      }
      const expected = entries.length === 0 ? 'no-stream' : entries.length - 1;
      try {
        if (heads.length > 0) {
          await this.store.append(
            TOURNAMENT_LOG_STREAM,
            heads.map((head, i) => ({ type: HEAD_LOGGED, data: { index: entries.length + i, head }, metadata: {} })),
            expected,
          );
        }
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) continue;
        throw error;
      }
      const leaves = [...entries.map(({ head }) => leafHashOfHead(head)), ...heads.map(leafHashOfHead)];
      return { recorded: heads, skipped, treeHead: this.treeHeadOf(leaves) };
    }
    throw new ConcurrencyConflictError(TOURNAMENT_LOG_STREAM, ATTEMPTS);
  }

  /** Every leaf, in order. */
  async entries(): Promise<LoggedHead[]> {
    const entries: LoggedHead[] = [];
    for await (const page of this.store.readStreamPages(TOURNAMENT_LOG_STREAM, { pageSize: PAGE_SIZE })) {
      for (const event of page) entries.push(event.data as LoggedHead);
    }
    return entries;
  }

  /** The signed tree head of the log at `size` (default: as it stands). */
  async treeHead(size?: number): Promise<SignedTreeHead> {
    return this.treeHeadOf(this.prefix(await this.leafHashes(), size));
  }

  /**
   * That the head of `gameId` at `revision` (default: the last one logged) is in the tree of `size` leaves (default:
   * the whole log): the first leaf holding it, its audit path, and the signed tree head it leads to.
   */
  async inclusion(gameId: string, revision?: number, size?: number): Promise<InclusionProofAnswer> {
    const entries = await this.entries();
    const tree = this.prefix(
      entries.map(({ head }) => leafHashOfHead(head)),
      size,
    );
    const matching = entries
      .slice(0, tree.length)
      .filter(({ head }) => head.gameId === gameId && (revision === undefined || head.revision === revision));
    const entry = revision === undefined ? matching[matching.length - 1] : matching[0];
    if (entry === undefined) {
      const what =
        revision === undefined ? `no head of game ${gameId}` : `no head of game ${gameId} at revision ${revision}`;
      throw new LogPointNotFoundError(`the tournament log of size ${tree.length} holds ${what}`);
    }
    return {
      head: entry.head,
      leafIndex: entry.index,
      treeHead: this.treeHeadOf(tree),
      auditPath: inclusionProof(tree, entry.index).map((node) => node.toString('hex')),
    };
  }

  /** That the log at size `second` (default: as it stands) extends the log at size `first`. */
  async consistency(first: number, second?: number): Promise<ConsistencyProofAnswer> {
    const leaves = this.prefix(await this.leafHashes(), second);
    if (first > leaves.length) {
      throw new LogPointNotFoundError(
        `first must be at most second (${leaves.length}); the log has no prefix of ${first}`,
      );
    }
    return {
      first: this.treeHeadOf(leaves.slice(0, first)),
      second: this.treeHeadOf(leaves),
      proof: consistencyProof(leaves, first).map((node) => node.toString('hex')),
    };
  }

  private treeHeadOf(leaves: readonly Buffer[]): SignedTreeHead {
    return signStatement(this.keys, { size: leaves.length, root: rootOf(leaves).toString('hex') });
  }

  private prefix(leaves: Buffer[], size: number | undefined): Buffer[] {
    if (size === undefined) return leaves;
    if (size > leaves.length) {
      throw new LogPointNotFoundError(`the tournament log has ${leaves.length} heads; there is no size ${size}`);
    }
    return leaves.slice(0, size);
  }

  private async leafHashes(): Promise<Buffer[]> {
    return (await this.entries()).map(({ head }) => leafHashOfHead(head));
  }

  private async allGameIds(): Promise<string[]> {
    const streams = await this.store.listStreams(GAME_STREAM_PREFIX);
    return streams.map(gameIdOfStream).filter((gameId): gameId is string => gameId !== null);
  }
}
