import type { GameState, Minion } from './game-state';

/**
 * The minions of a state in play order, as objects: the same list as `state.minionIds`, without a record look-up
 * per id. A board-wide step (D6) that walked the ids paid a hash look-up and its cache misses for every minion on
 * the board, every turn, to find the few it acts on.
 *
 * An index beside the state, not part of it: it is never serialised, so snapshots and views are unchanged and the
 * same events still give byte-identical states. It is made from `minionIds` when first asked for, and from then on
 * kept by the two evolvers that change play order (a minion entering play, garbage collection); a state that is
 * copied or loaded gets its own when first asked. A list whose length no longer matches `minionIds` is made again,
 * so a change made outside the evolvers cannot leave it short or long.
 */
const INDEX = new WeakMap<GameState, Minion[]>();

export function minionsInPlayOrder(state: GameState): readonly Minion[] {
  const kept = INDEX.get(state);
  if (kept !== undefined && kept.length === state.minionIds.length) return kept;
  const made = state.minionIds.map((id) => state.minions[id]);
  INDEX.set(state, made);
  return made;
}

/** A minion came into play (it is last in play order). */
export function noteEnteredPlay(state: GameState, minion: Minion): void {
  INDEX.get(state)?.push(minion);
}

/** A minion left the board for good (garbage collection). */
export function noteLeftPlay(state: GameState, minion: Minion): void {
  const kept = INDEX.get(state);
  const at = kept?.indexOf(minion) ?? -1;
  if (at >= 0) kept?.splice(at, 1);
}
