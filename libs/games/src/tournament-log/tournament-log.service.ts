import { EventStore, WrongExpectedRevisionError } from '@app/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { GAME_STREAM_PREFIX, gameIdOfStream } from '../game-stream';
import { ConcurrencyConflictError } from '../games.errors';
import { GameReceipts } from '../receipts/game-receipts.service';
import {
  consistencyProof,
  type ConsistencyProofAnswer,
  formatTlogConsistency,
  formatTlogProof,
  hexOf,
  inclusionProof,
  type InclusionProofAnswer,
  leafHashOfHead,
  leafOfHead,
  type LoggedHead,
  rootOf,
  type SignedGameHead,
  type SignedTreeHead,
} from '@app/verifier';
import { ReceiptKeyRing } from '../receipts/receipt-key-ring';
import { RECEIPT_KEYS } from '../receipts/receipt-keys.token';
import { signStatement } from '../receipts/statement-signing';
import { ORGANISER } from '../viewers/viewer';
import { CheckpointSigner } from './checkpoint-signer';
import { LogPointNotFoundError } from './log-point-not-found.error';
import { loggedHeadOf } from './logged-head.check';
import { TOURNAMENT_LOG_ORIGIN } from './tournament-log-origin.token';
import { HEAD_LOGGED, TOURNAMENT_LOG_STREAM } from './tournament-log.stream';

const ATTEMPTS = 5;
const PAGE_SIZE = 5000;

export interface RecordedHeads {
  /** The heads appended now (a game whose head is already the last one logged for it is not logged again). */
  recorded: SignedGameHead[];
  /** Games recorded before chain secrets: the log is public, and their hashes would tell hidden events. */
  skipped: string[];
  treeHead: SignedTreeHead;
}

/** Where a head stands in the log of a size: its entry, and the leaf hashes of that log. */
interface LocatedHead {
  entry: LoggedHead;
  tree: Uint8Array[];
}

/**
 * The tournament log (issue #18, 4): an append-only Merkle tree (RFC 6962 shape) of the signed heads of the games.
 * The organiser records the heads once per round and publishes the signed tree head it answers; anyone can then get
 * an inclusion proof for a head and a consistency proof between two sizes, and check them with the public keys
 * alone. A tree head is a function of the log's first `size` leaves, so any size's tree head can be answered again.
 * Each also comes in the C2SP formats (issue #28, 1) that standard transparency-log tools take: the checkpoint, the
 * tlog-proof of a head, and a consistency proof to a checkpoint.
 */
@Injectable()
export class TournamentLog {
  private readonly checkpoints: CheckpointSigner;

  constructor(
    private readonly store: EventStore,
    private readonly receipts: GameReceipts,
    @Inject(RECEIPT_KEYS) private readonly keys: ReceiptKeyRing,
    @Inject(TOURNAMENT_LOG_ORIGIN) origin: string,
  ) {
    this.checkpoints = new CheckpointSigner(keys, origin);
  }

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
      const leaves = [...entries.map(({ head }) => leafHashOfHead(head)), ...heads.map((head) => leafHashOfHead(head))];
      return { recorded: heads, skipped, treeHead: this.treeHeadOf(leaves) };
    }
    throw new ConcurrencyConflictError(TOURNAMENT_LOG_STREAM, ATTEMPTS);
  }

  /** Every leaf, in order. */
  async entries(): Promise<LoggedHead[]> {
    const entries: LoggedHead[] = [];
    for await (const page of this.store.readStreamPages(TOURNAMENT_LOG_STREAM, { pageSize: PAGE_SIZE })) {
      for (const event of page) entries.push(loggedHeadOf(event));
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
    const { entry, tree } = await this.locate(gameId, revision, size);
    return {
      head: entry.head,
      leafIndex: entry.index,
      treeHead: this.treeHeadOf(tree),
      auditPath: inclusionProof(tree, entry.index).map(hexOf),
    };
  }

  /** That the log at size `second` (default: as it stands) extends the log at size `first`. */
  async consistency(first: number, second?: number): Promise<ConsistencyProofAnswer> {
    const leaves = this.prefixFrom(await this.leafHashes(), first, second);
    return {
      first: this.treeHeadOf(leaves.slice(0, first)),
      second: this.treeHeadOf(leaves),
      proof: consistencyProof(leaves, first).map(hexOf),
    };
  }

  /** The log's checkpoint at `size` (default: as it stands): a C2SP tlog-checkpoint, signed as a C2SP note. */
  async checkpoint(size?: number): Promise<string> {
    return this.checkpointOf(this.prefix(await this.leafHashes(), size));
  }

  /**
   * The same inclusion as a C2SP tlog-proof, one file a player keeps: the head's leaf (its canonical JSON) as the
   * extra data, its index, its audit path, and the signed checkpoint of the tree of `size` leaves.
   */
  async tlogProof(gameId: string, revision?: number, size?: number): Promise<string> {
    const { entry, tree } = await this.locate(gameId, revision, size);
    return formatTlogProof({
      extra: leafOfHead(entry.head),
      index: entry.index,
      hashes: inclusionProof(tree, entry.index),
      checkpoint: this.checkpointOf(tree),
    });
  }

  /**
   * That the log at size `second` (default: as it stands) extends the log at size `first`, as a witness takes it
   * (C2SP tlog-witness): `old <first>`, the RFC 6962 proof, and the signed checkpoint at `second`.
   */
  async tlogConsistency(first: number, second?: number): Promise<string> {
    const leaves = this.prefixFrom(await this.leafHashes(), first, second);
    return formatTlogConsistency({
      oldSize: first,
      hashes: consistencyProof(leaves, first),
      checkpoint: this.checkpointOf(leaves),
    });
  }

  /** Each listed key's C2SP verifier key under the log's origin, by its JSON key id (retired keys included). */
  verifierKeys(): Map<string, string> {
    return this.checkpoints.verifierKeys();
  }

  private treeHeadOf(leaves: readonly Uint8Array[]): SignedTreeHead {
    return signStatement(this.keys, { size: leaves.length, root: hexOf(rootOf(leaves)) });
  }

  private checkpointOf(leaves: readonly Uint8Array[]): string {
    return this.checkpoints.sign({ size: leaves.length, rootHash: rootOf(leaves) });
  }

  /** The head of `gameId` at `revision` (default: the last one logged) in the log of `size` leaves (default: all). */
  private async locate(gameId: string, revision: number | undefined, size: number | undefined): Promise<LocatedHead> {
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
    return { entry, tree };
  }

  /** The log at size `second` (default: as it stands), which must have a prefix of `first`. */
  private prefixFrom(leaves: Uint8Array[], first: number, second: number | undefined): Uint8Array[] {
    const tree = this.prefix(leaves, second);
    if (first > tree.length) {
      throw new LogPointNotFoundError(
        `first must be at most second (${tree.length}); the log has no prefix of ${first}`,
      );
    }
    return tree;
  }

  private prefix(leaves: Uint8Array[], size: number | undefined): Uint8Array[] {
    if (size === undefined) return leaves;
    if (size > leaves.length) {
      throw new LogPointNotFoundError(`the tournament log has ${leaves.length} heads; there is no size ${size}`);
    }
    return leaves.slice(0, size);
  }

  private async leafHashes(): Promise<Uint8Array[]> {
    return (await this.entries()).map(({ head }) => leafHashOfHead(head));
  }

  private async allGameIds(): Promise<string[]> {
    const streams = await this.store.listStreams(GAME_STREAM_PREFIX);
    return streams.map(gameIdOfStream).filter((gameId): gameId is string => gameId !== null);
  }
}
