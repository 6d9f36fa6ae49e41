import type { EventMetadata } from '../events/domain-event';
import type { EventDataMap, EventType } from '../events/event-vocabulary';
import type { GameState } from '../model/game-state';

/** How one event type changes the state. Evolvers mutate the state they are given (see `evolve`). */
export type Evolver<K extends EventType> = (state: GameState, data: EventDataMap[K], metadata: EventMetadata) => void;
export type EvolverMap = { [K in EventType]?: Evolver<K> };
