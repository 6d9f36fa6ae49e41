import type { EventDataMap, EventType } from '../events/event-vocabulary';
import type { GameState } from '../model/game-state';
import type { EmitOptions } from './emitter';
import type { Emitter } from './emitter';

/** What a pipeline needs while it runs: the emitter (and through it the working state) and run-local flags. */
export class EngineContext {
  /**
   * Q4: groups that must not die when emptied, because a recruit in them is being replaced by another recruit.
   * Run-local, not state: it never outlives the replacement that sets it. Made on first use (few commands need it).
   */
  private groupsKeptAlive: Set<string> | null = null;

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

  /**
   * A fresh deterministic id for a created entity: `<prefix>.<n>` from the state's counter, which every creation
   * moves on. It cannot be in use: set-up ids contain no dot (SETUP_ID), and counters only grow.
   */
  nextEntityId(prefix: 'minion' | 'group' | 'structure' | 'active', offset = 0): string {
    return `${prefix}.${this.state.counters.entity + 1 + offset}`;
  }

  /** A fresh order id, `order.<n>`, unique in the game for the same reasons. */
  nextOrderId(): string {
    return orderIdText(this.state.counters.order + 1);
  }
}

/**
 * Order ids repeat from game to game (`order.1`, `order.2`, …). Handing out the same string each time spares V8
 * interning a new key whenever an order is filed in `state.orders`, a measurable part of deciding an order. The
 * text is the same either way; the memo is bounded.
 */
const ORDER_ID_MEMO_LIMIT = 1 << 16;
const orderIdMemo: string[] = [];

function orderIdText(n: number): string {
  if (n >= ORDER_ID_MEMO_LIMIT) return `order.${n}`;
  return (orderIdMemo[n] ??= `order.${n}`);
}
