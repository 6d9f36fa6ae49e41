import type { EventDataMap, EventType } from '../events/event-vocabulary';
import type { GameState } from '../model/game-state';
import { idInUse } from '../model/state-queries';
import type { EmitOptions } from './emitter';
import type { Emitter } from './emitter';

/** What a pipeline needs while it runs: the emitter (and through it the working state) and run-local flags. */
export class EngineContext {
  /**
   * Q4: groups that must not die when emptied, because a recruit in them is being replaced by another recruit.
   * Run-local, not state: it never outlives the replacement that sets it.
   */
  readonly groupsKeptAlive = new Set<string>();

  constructor(readonly emitter: Emitter) {}

  get state(): GameState {
    return this.emitter.state;
  }

  emit<K extends EventType>(type: K, data: EventDataMap[K], options: EmitOptions): string {
    return this.emitter.emit(type, data, options);
  }

  /** A fresh deterministic id for a created entity: `<prefix>.<n>` from the state's counter. */
  nextEntityId(prefix: 'minion' | 'group' | 'structure' | 'active', offset = 0): string {
    let n = this.state.counters.entity + 1 + offset;
    while (idInUse(this.state, `${prefix}.${n}`)) n += 1;
    return `${prefix}.${n}`;
  }

  nextOrderId(): string {
    let n = this.state.counters.order + 1;
    while (idInUse(this.state, `order.${n}`)) n += 1;
    return `order.${n}`;
  }
}
