import type { GameState } from '@app/rules';

/** A game folded up to `revision`: its state and the hash its chain ends with there. */
export interface LoadedGame {
  gameId: string;
  /** The last folded revision (-1 for a game with no events). */
  revision: number;
  /** Read-only: the state is shared with the cache. Clone it before changing it. */
  state: GameState;
  lastHash: string;
  /** The revision of the game's latest snapshot where known (-1: none); the snapshot policy spaces them by it. */
  snapshotRevision?: number;
}
