import type { Colour } from './players';

/**
 * [A] How a game ended. The rules pages give no way to win (their spells "defeat your enemy", but no page says when
 * a game is over), so the project's three ways are assumptions: a player resigns, the organiser adjudicates, or the
 * set-up's turn limit is reached and the tie-break decides (RULES_OPTIONS.turnLimitTieBreak).
 */
export const GAME_END_REASONS = ['resignation', 'adjudication', 'turn-limit'] as const;
export type GameEndReason = (typeof GAME_END_REASONS)[number];

/** A side's living minions at a turn limit: what the tie-break compares. */
export interface SideStanding {
  /** Living minions on the board. */
  minions: number;
  /** Their current HP, summed. */
  hp: number;
}

/** The result a GameEnded records; `winner` null is a draw. */
export interface GameResult {
  winner: Colour | null;
  reason: GameEndReason;
  /** The turn the game ended in. */
  turn: number;
}

/** `red wins (blue resigned)`, `a draw (turn limit)`: the result in a few words, for refusals and sentences. */
export function describeResult(result: GameResult): string {
  const outcome = result.winner === null ? 'a draw' : `${result.winner} wins`;
  const why: Record<GameEndReason, string> = {
    resignation: result.winner === null ? 'a resignation' : `${result.winner === 'red' ? 'blue' : 'red'} resigned`,
    adjudication: 'the organiser’s adjudication',
    'turn-limit': 'the turn limit was reached',
  };
  return `${outcome} (${why[result.reason]}, turn ${result.turn})`;
}
