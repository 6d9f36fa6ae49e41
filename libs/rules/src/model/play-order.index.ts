import type { GameState, Minion } from './game-state';
import { removeOne } from './remove-one';
import { StateIndex } from './state-index';

/**
 * The minions of a state in play order, as objects: the same list as `state.minionIds`, without a record look-up
 * per id. The D6 armor restore walked the ids and paid a hash look-up, and its cache misses, for every minion on the
 * board every turn to find the few it acts on. Kept by the evolvers that change play order (see StateIndex).
 */
const PLAY_ORDER = new StateIndex<Minion[]>(
  (state) => state.minionIds.map((id) => state.minions[id]),
  (minions, state) => minions.length === state.minionIds.length,
);

export function minionsInPlayOrder(state: GameState): readonly Minion[] {
  return PLAY_ORDER.of(state);
}

/** A minion came into play (it is last in play order). */
export function noteEnteredPlay(state: GameState, minion: Minion): void {
  PLAY_ORDER.kept(state)?.push(minion);
}

/** A minion left the board for good (garbage collection). */
export function noteLeftPlay(state: GameState, minion: Minion): void {
  const kept = PLAY_ORDER.kept(state);
  if (kept !== undefined) removeOne(kept, minion);
}
