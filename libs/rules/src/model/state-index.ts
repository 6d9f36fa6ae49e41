import type { GameState } from './game-state';

/**
 * An index kept beside a state rather than in it: derived data (objects in an order, counts) that a hot check or
 * phase reads instead of a record look-up per id. It is never serialised, so snapshots, views and events are the
 * same with or without it, and the same events still give byte-identical states.
 *
 * It is made from the state when first asked for, and from then on kept by the evolvers that change what it indexes
 * (they update it only if it exists: folding without a reader costs them one look-up). A state that is copied or
 * loaded is another object and gets its own. One that no longer matches the state's own list (`isCurrent`) is made
 * again, so a change made outside the evolvers cannot leave it short or long.
 */
export class StateIndex<T> {
  private readonly byState = new WeakMap<GameState, T>();

  constructor(
    private readonly make: (state: GameState) => T,
    private readonly isCurrent: (index: T, state: GameState) => boolean,
  ) {}

  of(state: GameState): T {
    const kept = this.byState.get(state);
    if (kept !== undefined && this.isCurrent(kept, state)) return kept;
    const made = this.make(state);
    this.byState.set(state, made);
    return made;
  }

  /** The index if a reader has asked for it: what an evolver keeps up to date. */
  kept(state: GameState): T | undefined {
    return this.byState.get(state);
  }
}
