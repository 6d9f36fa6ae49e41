import type { GameState, Minion } from './game-state';
import { removeOne } from './remove-one';
import { StateIndex } from './state-index';
import { minionAt } from './entity-accessors';

/**
 * The minions of a state in play order, as objects: the same list as `state.minionIds`, without a record look-up
 * per id (docs/performance.md). Kept by the evolvers that change play order (see StateIndex); read through
 * `state-queries.ts`.
 */
const PLAY_ORDER = new StateIndex<Minion[]>(
  (state) => state.minionIds.map((id) => minionAt(state, id)),
  (minions, state) => sameEnds(minions, state.minionIds),
);

/** Same length, and the same minions first and last: a list kept or changed outside the evolvers is found out. */
function sameEnds(minions: readonly Minion[], ids: readonly string[]): boolean {
  const last = ids.length - 1;
  return minions.length === ids.length && (last < 0 || (minions[0]?.id === ids[0] && minions[last]?.id === ids[last]));
}

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
