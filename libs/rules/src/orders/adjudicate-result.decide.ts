import { reject } from '../commands/command-rejected.error';
import type { CommandDataMap } from '../commands/command';
import type { EngineContext } from '../engine/engine-context';
import { type Colour, isColour } from '../model/players';
import { endGame } from '../pipelines/game-end.pipeline';
import { ASSUMPTION, RULES_OPTIONS } from '../rules-options';
import { requireGameGoesOn } from './game-end.guard';
import { requireGame } from './order-guards';

/** [A] The organiser rules a game's result (a winner, or null for a draw) and says why, in any phase. */
export function adjudicateResult(ctx: EngineContext, data: CommandDataMap['AdjudicateResult']): void {
  requireGame(ctx.state);
  if (data.winner !== null && !isColour(data.winner)) {
    reject(
      'invalid',
      ASSUMPTION,
      `winner must be "red", "blue" or null (a draw), not ${JSON.stringify(data.winner)}`,
      'winner',
    );
  }
  const reason = requireReason(data.reason);
  requireGameGoesOn(ctx.state);
  const winner: Colour | null = data.winner;
  const ruled = ctx.emit('ResultAdjudicated', { winner, reason }, { rule: ASSUMPTION });
  endGame(ctx, { winner, reason: 'adjudication', ruling: reason, standings: null }, ruled);
}

function requireReason(reason: unknown): string {
  const most = RULES_OPTIONS.adjudicationReasonLength;
  if (typeof reason !== 'string' || reason.trim() === '' || reason.length > most) {
    reject('invalid', ASSUMPTION, `must be the ruling's reason, 1 to ${most} characters`, 'reason');
  }
  return reason;
}
