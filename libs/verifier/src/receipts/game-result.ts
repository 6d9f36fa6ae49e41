import type { EventDataMap, GameResult } from '@app/rules';

/** The result a GameEnded records, as receipts, heads and summaries carry it [A]. */
export function resultOfGameEnded(data: EventDataMap['GameEnded']): GameResult {
  return { winner: data.winner, reason: data.reason, turn: data.turn };
}
