import type { DomainEvent } from '../events/domain-event';
import type { EventType } from '../events/event-vocabulary';
import { initialState } from '../model/initial-state';
import type { GameState } from '../model/game-state';
import { creationEvolvers } from '../evolve/creation.evolve';
import { damageEvolvers } from '../evolve/damage.evolve';
import { deathEvolvers } from '../evolve/death.evolve';
import { movementEvolvers } from '../evolve/movement.evolve';
import type { Evolver, EvolverMap } from '../evolve/evolver';
import { orderEvolvers } from '../evolve/orders.evolve';
import { setupEvolvers } from '../evolve/setup.evolve';
import { spellEvolvers } from '../evolve/spells.evolve';
import { turnEvolvers } from '../evolve/turn.evolve';
import { gameEndEvolvers } from '../evolve/game-end.evolve';

const EVOLVERS: EvolverMap = {
  ...setupEvolvers,
  ...turnEvolvers,
  ...orderEvolvers,
  ...damageEvolvers,
  ...deathEvolvers,
  ...spellEvolvers,
  ...creationEvolvers,
  ...movementEvolvers,
  ...gameEndEvolvers,
};

/**
 * Applies one event to the state and returns it. For speed the state is updated in place: whoever folds owns
 * the state object it passes (`decide` works on its own copy; `fold` on a fresh or cloned one). Events that
 * only record a pipeline step change nothing but the version.
 */
export function evolve(state: GameState, event: DomainEvent): GameState {
  const evolver = EVOLVERS[event.type] as Evolver<EventType> | undefined;
  evolver?.(state, event.data, event.metadata);
  state.version += 1;
  return state;
}

/** Folds events onto a state (by default a new game's empty state), in place. */
export function fold(events: Iterable<DomainEvent>, state: GameState = initialState()): GameState {
  for (const event of events) evolve(state, event);
  return state;
}

export { cloneState } from './clone-state';
