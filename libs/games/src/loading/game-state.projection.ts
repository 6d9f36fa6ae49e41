import { type GameState, evolve, initialState } from '@app/rules';
import type { GameProjection } from './game-events.fold';
import { DamagedLineError, type StoredGameEvent, asDomainEvent } from '../recording/stored-game-event';

/** The game's state: the rules engine's own fold, in place. */
export const GAME_STATE: GameProjection<GameState> = {
  initial: initialState,
  evolve: (state, event) => {
    evolve(state, asDomainEvent(event));
    return state;
  },
};

/**
 * One more checked event onto a state, in place, for a reader that folds events it has in hand (a replay of a file
 * or of the store): an event that does not fold although it has its type's shape is a DamagedLineError naming it.
 */
export function foldEvent(state: GameState, event: StoredGameEvent): void {
  try {
    evolve(state, asDomainEvent(event));
  } catch (error) {
    throw new DamagedLineError(
      event.revision,
      `it does not follow from the events before it: ${(error as Error)?.message ?? String(error)}`,
    );
  }
}
