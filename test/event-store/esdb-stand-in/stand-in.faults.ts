import type { StandInFailure } from './stand-in.failures';

/** What a call is, as a fault rule sees it. */
export interface CallInfo {
  kind: 'read-stream' | 'read-all' | 'subscribe-stream' | 'subscribe-all' | 'append';
  /** The stream read, subscribed to or appended to (`$all` for the global ones). */
  stream: string;
  requiresLeader: boolean;
  /** Reads: how many events the client asked for. */
  count?: number;
}

export type FaultEffect =
  /** Answer with this failure before doing anything. */
  | { fail: StandInFailure }
  /** Reads and subscriptions: deliver this many events, then end the call with the failure. */
  | { failAfterEvents: number; failure: StandInFailure }
  /** Subscriptions: deliver this many events, then end the call as if it were complete (status OK). */
  | { endAfterEvents: number }
  /** Appends: write the events, then answer with the failure (the client cannot know they were written). */
  | { commitThenFail: StandInFailure }
  /** Never answer (until the client gives up or cancels). */
  | { hang: true };

export interface FaultRule {
  when: (call: CallInfo) => boolean;
  effect: FaultEffect;
  /** How many calls it applies to (default 1). */
  times?: number;
}

/** Faults to inject, consumed in order by the calls they match. */
export class StandInFaults {
  private readonly rules: { rule: FaultRule; left: number }[] = [];

  inject(rule: FaultRule): void {
    this.rules.push({ rule, left: rule.times ?? 1 });
  }

  clear(): void {
    this.rules.length = 0;
  }

  /** The effect for this call, if a rule matches it (and counts it). */
  take(call: CallInfo): FaultEffect | undefined {
    const index = this.rules.findIndex((entry) => entry.left > 0 && entry.rule.when(call));
    if (index < 0) return undefined;
    const entry = this.rules[index];
    entry.left -= 1;
    if (entry.left === 0) this.rules.splice(index, 1);
    return entry.rule.effect;
  }
}
