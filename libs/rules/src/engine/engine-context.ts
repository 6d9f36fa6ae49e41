import type { DomainEvent } from '../events/domain-event';
import type { EventDataMap, EventType } from '../events/event-vocabulary';
import type { GameState } from '../model/game-state';
import type { EmitOptions } from './emitter';
import type { Emitter } from './emitter';
import { NumberedTextMemo } from '../model/numbered-text.memo';
import { ASSUMPTION, RULES_OPTIONS } from '../rules-options';

/** What a pipeline needs while it runs: the emitter (and through it the working state) and run-local flags. */
export class EngineContext {
  /**
   * Q4: groups that must not die when emptied, because a recruit in them is being replaced by another recruit.
   * Run-local, not state: it never outlives the replacement that sets it. Made on first use (few commands need it).
   */
  private groupsKeptAlive: Set<string> | null = null;

  /**
   * S1: an active spell that is replacing its own host group and moves to the replacement: the old group's death
   * must not take it out of play. Run-local, like groupsKeptAlive.
   */
  private spellsInTransit: Set<string> | null = null;

  /** [A] The CommandBudgetSpent this command recorded once it had spent its event budget, if it has. */
  private budgetSpentEventId: string | null = null;

  constructor(readonly emitter: Emitter) {}

  get state(): GameState {
    return this.emitter.state;
  }

  emit<K extends EventType>(type: K, data: EventDataMap[K], options: EmitOptions): string {
    return this.emitter.emit(type, data, options);
  }

  keepGroupAlive(groupId: string): void {
    (this.groupsKeptAlive ??= new Set()).add(groupId);
  }

  releaseGroup(groupId: string): void {
    this.groupsKeptAlive?.delete(groupId);
  }

  isGroupKeptAlive(groupId: string): boolean {
    return this.groupsKeptAlive?.has(groupId) ?? false;
  }

  keepSpellInPlay(activeSpellId: string): void {
    (this.spellsInTransit ??= new Set()).add(activeSpellId);
  }

  releaseSpell(activeSpellId: string): void {
    this.spellsInTransit?.delete(activeSpellId);
  }

  isSpellKeptInPlay(activeSpellId: string): boolean {
    return this.spellsInTransit?.has(activeSpellId) ?? false;
  }

  /**
   * [A] Whether this command has recorded its budget of events (RULES_OPTIONS.commandEventBudget, events weighed by
   * the definitions they copy): then no further
   * trigger fires, no further effect takes place and no further attack strikes. The first time it is found spent,
   * CommandBudgetSpent records it.
   */
  budgetSpent(cause: string): boolean {
    if (this.emitter.weight < RULES_OPTIONS.commandEventBudget) return false;
    this.budgetSpentEventId ??= this.emit(
      'CommandBudgetSpent',
      { budget: RULES_OPTIONS.commandEventBudget },
      { rule: ASSUMPTION, cause },
    );
    return true;
  }

  /** The CommandBudgetSpent of this command (null before the budget is spent). */
  get budgetSpentEvent(): string | null {
    return this.budgetSpentEventId;
  }

  /**
   * The id of the latest event this command has recorded that passes `test`, or null. For the reason a spell
   * squanders or an attack fizzles: what made it so happened earlier in the same execution, which is this command.
   */
  latestEventWhere(test: (event: DomainEvent) => boolean): string | null {
    const events = this.emitter.events;
    for (let i = events.length - 1; i >= 0; i -= 1) {
      const event = events[i];
      if (event !== undefined && test(event)) return event.metadata.eventId;
    }
    return null;
  }

  /**
   * A fresh deterministic id for a created entity: `<prefix>.<n>` from the state's counter, which every creation
   * moves on. It cannot be in use: set-up ids contain no dot (SETUP_ID), and counters only grow.
   */
  nextEntityId(prefix: 'minion' | 'group' | 'structure' | 'active', offset = 0): string {
    return `${prefix}.${this.state.counters.entity + 1 + offset}`;
  }

  /**
   * The id of the order the next event records: `order.<revision of that event>`. Unique in the game, and it tells a
   * player nothing the revision numbers do not already show: not how many orders the other side has pending or
   * has cancelled, as a counter of orders would.
   */
  nextOrderId(): string {
    return ORDER_IDS.text(this.state.version);
  }
}

// Order ids name revisions, so they reach as far as revisions do (see domain-event.ts).
const ORDER_IDS = new NumberedTextMemo('order.', 1 << 20);
