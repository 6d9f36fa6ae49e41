import type { Colour } from '@app/rules';
import type { GameEventLine } from '../recording/game-event-line';
import type { ViewedEventLine } from '../viewers/event-redactor';

/**
 * What a reader looks for in a game's events besides their types (the replay page's filter): the events that name a
 * minion, those of a player (its orders, confirmations, draws, mana, what it owns), those a rule produced (`E3`
 * also finds `E3.1`…). Applied to the events as the viewer sees them, so a filter finds nothing a placeholder hides.
 */
export interface EventFilter {
  minion?: string;
  player?: Colour;
  rule?: string;
}

function names(value: unknown, id: string): boolean {
  if (value === id) return true;
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value as object).some((inner) => names(inner, id));
}

function matches(line: GameEventLine, filter: EventFilter): boolean {
  const data = (line.data ?? {}) as Record<string, unknown>;
  if (filter.minion !== undefined && !names(data, filter.minion)) return false;
  if (filter.player !== undefined && data.player !== filter.player && data.owner !== filter.player) return false;
  if (filter.rule !== undefined) {
    const rule = line.metadata.rule;
    if (typeof rule !== 'string' || !(rule === filter.rule || rule.startsWith(`${filter.rule}.`))) return false;
  }
  return true;
}

export function isEmptyFilter(filter: EventFilter): boolean {
  return filter.minion === undefined && filter.player === undefined && filter.rule === undefined;
}

/**
 * The viewed event if it matches, else null. Orders released at a SpellExecutionPhaseStarted ride on it (as for
 * `?types=`): that event is kept, carrying just the released orders that match, when it does not match itself.
 */
export function viewedMatching(viewed: ViewedEventLine, filter: EventFilter): ViewedEventLine | null {
  if (isEmptyFilter(filter)) return viewed;
  const released = viewed.released?.filter((line) => matches(line, filter)) ?? [];
  if (matches(viewed, filter))
    return released.length === (viewed.released?.length ?? 0) ? viewed : { ...viewed, released };
  return released.length === 0 ? null : { ...viewed, released };
}
