import type { Phase } from '@app/rules';

/** Phases in the order a turn runs them; with the turn number they order every event of a game. */
export const PHASE_ORDER = [
  'setup',
  'start',
  'orders',
  'spellExecution',
  'combat',
  'endOfTurn',
  'garbageCollection',
] as const satisfies readonly Phase[];

/** A moment of a game named by turn (and phase): right after its first event (`start`) or its last (`end`). */
export interface TurnPoint {
  turn: number;
  phase?: Phase;
  edge: 'start' | 'end';
}

export function phaseRank(phase: Phase): number {
  return PHASE_ORDER.indexOf(phase);
}

/** Sort key of an event's (turn, phase): non-decreasing along a game stream. */
export function pointKey(turn: number, phase: Phase): number {
  return turn * PHASE_ORDER.length + phaseRank(phase);
}
