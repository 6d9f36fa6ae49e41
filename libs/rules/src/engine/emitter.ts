import type { DomainEvent, EventMetadata } from '../events/domain-event';
import { GameEventIds } from '../events/domain-event';
import type { EventDataMap, EventType } from '../events/event-vocabulary';
import type { GameState } from '../model/game-state';
import { RULES_OPTIONS } from '../rules-options';
import { definitionWeight } from './definition-weight';
import { evolve } from './evolve';

export interface EmitOptions {
  /** rule id (docs/rules.md) of the rule that produces this event. */
  rule: string;
  /** Pipeline step code, where the event is a step of a pipeline. */
  step?: string;
  /** The event that caused this one; defaults to the command. */
  cause?: string;
  /** A definition the event copies (a trigger's action, a created minion's spec): it weighs by its size [A]. */
  copies?: object;
}

/**
 * The one way pipelines record what happens: every emitted event is immediately folded into the working state,
 * so a pipeline always reads the state its own earlier steps produced, and the state the engine saw is, by
 * construction, the fold of the events it emitted.
 */
export class Emitter {
  readonly events: DomainEvent[] = [];
  /** What the copied definitions weigh beyond one per event (definitionWeight). */
  private copiedWeight = 0;
  private readonly correlationId: string;
  private readonly eventIds: GameEventIds;

  constructor(
    readonly state: GameState,
    private readonly gameId: string,
    private readonly commandId: string,
    correlationId?: string,
  ) {
    this.correlationId = correlationId ?? commandId;
    this.eventIds = new GameEventIds(gameId);
  }

  /**
   * What this command's events weigh on its budget [A]: one per event, more for an event that copies a large
   * definition (RULES_OPTIONS.commandEventBudget).
   */
  get weight(): number {
    return this.events.length + this.copiedWeight;
  }

  /** Records one event and returns its id, for the `cause` of the events it leads to. */
  emit<K extends EventType>(type: K, data: EventDataMap[K], options: EmitOptions): string {
    const eventId = this.eventIds.at(this.state.version);
    const causationId = options.cause ?? this.commandId;
    // Two plain literals (with and without `step`), same keys in the same order (docs/performance.md).
    const metadata: EventMetadata =
      options.step === undefined
        ? {
            gameId: this.gameId,
            eventId,
            turn: 0,
            phase: 'setup',
            rule: options.rule,
            causationId,
            correlationId: this.correlationId,
            commandId: this.commandId,
            schemaVersion: RULES_OPTIONS.schemaVersion,
          }
        : {
            gameId: this.gameId,
            eventId,
            turn: 0,
            phase: 'setup',
            step: options.step,
            rule: options.rule,
            causationId,
            correlationId: this.correlationId,
            commandId: this.commandId,
            schemaVersion: RULES_OPTIONS.schemaVersion,
          };
    const event = { type, data, metadata } as DomainEvent;
    evolve(this.state, event);
    // Turn and phase as they stand once the event happened (a TurnStarted belongs to the turn it starts).
    metadata.turn = this.state.turn;
    metadata.phase = this.state.phase;
    this.events.push(event);
    if (options.copies !== undefined) this.copiedWeight += definitionWeight(options.copies);
    return eventId;
  }
}
