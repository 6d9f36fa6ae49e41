import { DamagedEventError, EventStore, SnapshotStore } from '@app/event-store';
import { cloneState, initialState } from '@app/rules';
import type { GameState } from '@app/rules';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { GamePointNotFoundError } from '../games.errors';
import { GAMES_OPTIONS, type GamesOptions } from '../games.options';
import { gameStream } from '../game-stream';
import { genesisHash } from '@app/verifier';
import { GAME_STATE } from './game-state.projection';
import { foldGameEvents } from './game-events.fold';
import type { LoadedGame } from './loaded-game';
import { SNAPSHOT_KEY, decodeSnapshotBody, encodeSnapshotBody } from './snapshot-body.codec';
import { SetupDecksCache } from './setup-decks.cache';
import { RecentEntriesCache } from '../caching/recent-entries.cache';
import { lastRevisionOf } from './last-revision.query';

/**
 * Loads games as folds of their streams: from the latest snapshot at or before the wanted revision (snapshots
 * are a cache keyed by engine version), then the events after it. Keeps recent latest states in memory.
 */
@Injectable()
export class GameRepository {
  private readonly logger = new Logger(GameRepository.name);
  private readonly latest: RecentEntriesCache<string, LoadedGame>;
  private readonly setupDecks: SetupDecksCache;

  constructor(
    private readonly store: EventStore,
    private readonly snapshots: SnapshotStore,
    @Inject(GAMES_OPTIONS) private readonly options: GamesOptions,
  ) {
    this.latest = new RecentEntriesCache(options.cachedGames);
    this.setupDecks = new SetupDecksCache(store, options.cachedGames);
    // After a failover the store may hold less than this process cached (a standby that was not synchronous),
    // and later other events under the same revisions: nothing cached from the former server is trusted.
    store.onServerChanged(() => {
      this.latest.forgetAll();
      this.setupDecks.forgetAll();
    });
  }

  /**
   * The game as it stands now, taken out of the cache: the caller owns its state (it may decide on it in place)
   * and hands back the new state with `remember`, or the untouched one after a refusal. Readers meanwhile load
   * from the store, so they never see events that are not yet appended.
   */
  async checkout(gameId: string, fresh: boolean): Promise<LoadedGame> {
    const game = await this.cachedLatest(gameId, fresh);
    this.latest.forget(gameId);
    return game;
  }

  /**
   * The game as it stands now, in a state the caller owns: the cache's own is decided on in place by the next
   * command, and a reader holding it across that command would show a later state under this revision. With
   * `fresh`, checks the store for appends by another process.
   */
  async loadLatest(gameId: string, fresh = true): Promise<LoadedGame> {
    return owned(await this.cachedLatest(gameId, fresh));
  }

  /** The latest game as the cache holds it (the cache's own state object). */
  private async cachedLatest(gameId: string, fresh: boolean): Promise<LoadedGame> {
    const cached = this.latest.get(gameId);
    if (cached && !fresh) return cached;
    const last = await lastRevisionOf(this.store, gameId);
    if (cached && cached.revision === last) return cached;
    const loaded =
      cached && cached.revision < last
        ? await this.foldOnto(gameId, { ...cached, state: cloneState(cached.state) }, last)
        : await this.loadAt(gameId, last);
    this.remember(loaded);
    return loaded;
  }

  /** The game as it stood right after event `revision`, in a state the caller owns. */
  async loadAt(gameId: string, revision: number): Promise<LoadedGame> {
    const last = await lastRevisionOf(this.store, gameId);
    if (!Number.isInteger(revision) || revision < 0 || revision > last) {
      throw new GamePointNotFoundError(
        gameId,
        `game ${gameId} has revisions 0 to ${last}; there is no revision ${revision}`,
      );
    }
    const cached = this.latest.get(gameId);
    if (cached && cached.revision === revision) return owned(cached);
    const start = await this.startingPoint(gameId, revision);
    try {
      return await this.foldOnto(gameId, start, revision);
    } catch (error) {
      if (!(error instanceof DamagedEventError) || (start.snapshotRevision ?? -1) < 0) throw error;
      // A snapshot is a cache: one the events do not follow from (its body changed with its digest) is dropped.
      this.logger.warn(
        `snapshot of ${gameId}@${start.snapshotRevision} not used: ${error.reason}; folding from the events`,
      );
      return this.foldOnto(gameId, this.fromTheStart(gameId), revision);
    }
  }

  /** Remembers the latest state of a game (after a command appended its events). */
  remember(game: LoadedGame): void {
    this.latest.remember(game.gameId, game);
  }

  forget(gameId: string): void {
    this.latest.forget(gameId);
  }

  /** Saves a snapshot; a failure only costs speed, so it is logged, never thrown. */
  async saveSnapshot(game: LoadedGame): Promise<void> {
    const { gameId, revision, lastHash } = game;
    try {
      // The state is the cache's: the next command may change it in place while this waits, so the body is taken
      // before any wait (a copy of the state, the first time a game's set-up decks are not known yet).
      const known = this.setupDecks.known(gameId);
      const body = known
        ? encodeSnapshotBody(game.state, lastHash, known)
        : await this.encodeOnceDecksAreRead(gameId, cloneState(game.state), lastHash);
      await this.snapshots.saveSnapshot(gameStream(gameId), revision, SNAPSHOT_KEY, body);
    } catch (error) {
      this.logger.warn(`snapshot of ${gameId}@${revision} not saved: ${(error as Error).message}`);
    }
  }

  private async encodeOnceDecksAreRead(gameId: string, state: GameState, lastHash: string): Promise<string> {
    return encodeSnapshotBody(state, lastHash, await this.setupDecks.decksOf(gameId));
  }

  private async startingPoint(gameId: string, revision: number): Promise<LoadedGame> {
    const snapshot = await this.snapshots.loadSnapshot(gameStream(gameId), SNAPSHOT_KEY, revision);
    const body = snapshot && (await decodeSnapshotBody(snapshot.state, () => this.setupDecks.decksOf(gameId)));
    const trusted = snapshot && body && (await this.chainHoldsAt(gameId, snapshot.revision, body.hash));
    if (!snapshot || !body || !trusted) {
      if (snapshot) {
        this.logger.warn(
          `snapshot of ${gameId}@${snapshot.revision} not used: ${body ? 'its chain hash is not the stored event’s' : 'its body does not match its digest, or cannot be read'}; folding from the events`,
        );
      }
      return this.fromTheStart(gameId);
    }
    return {
      gameId,
      revision: snapshot.revision,
      state: body.state,
      lastHash: body.hash,
      snapshotRevision: snapshot.revision,
    };
  }

  private fromTheStart(gameId: string): LoadedGame {
    return { gameId, revision: -1, state: initialState(), lastHash: genesisHash(gameId), snapshotRevision: -1 };
  }

  /** Whether the stored event at `revision` ends the chain with `hash`: a snapshot belongs to the game as stored. */
  private async chainHoldsAt(gameId: string, revision: number, hash: string): Promise<boolean> {
    const [event] = await this.store.readStream(gameStream(gameId), { from: revision, maxCount: 1 });
    return event?.revision === revision && event.metadata.hash === hash;
  }

  /** Folds events (from.revision, to] onto `from`, which it owns. */
  private async foldOnto(gameId: string, from: LoadedGame, to: number): Promise<LoadedGame> {
    const game = from;
    if (game.revision >= to) return game;
    // Pages of the store's default size: each is read in one go (on SQLite synchronously), so a long cold load makes
    // more reads rather than holding the event loop for one large page.
    const folded = await foldGameEvents(this.store, gameId, GAME_STATE, {
      onto: game.state,
      from: game.revision + 1,
      maxCount: to - game.revision,
    });
    if (folded.last) {
      game.revision = folded.last.revision;
      game.lastHash = folded.last.metadata.hash ?? game.lastHash;
    }
    return game;
  }
}

/** A game whose state is a copy of the one given: the cache keeps its own. */
function owned(game: LoadedGame): LoadedGame {
  return { ...game, state: cloneState(game.state) };
}
