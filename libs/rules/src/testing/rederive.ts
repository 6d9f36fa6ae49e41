import { inputCommandOf } from '../audit/input-commands';
import { execute } from '../engine/decide';
import type { DomainEvent } from '../events/domain-event';
import type { GameState } from '../model/game-state';
import { initialState } from '../model/initial-state';

/**
 * Every command of a game decided again from the input events it recorded, as the audit re-simulates a game: a test
 * of a rule that records an input event expects the same events back.
 */
export function rederived(events: readonly DomainEvent[]): DomainEvent[] {
  let state: GameState = initialState();
  const derived: DomainEvent[] = [];
  while (derived.length < events.length) {
    const command = inputCommandOf(events[derived.length] as DomainEvent);
    if (command === null) throw new Error(`revision ${derived.length} is no input event`);
    const decision = execute(state, command);
    state = decision.state;
    derived.push(...decision.events);
  }
  return derived;
}
