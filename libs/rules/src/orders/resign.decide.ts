import type { CommandDataMap } from '../commands/command';
import type { EngineContext } from '../engine/engine-context';
import { opponentOf } from '../model/players';
import { endGame } from '../pipelines/game-end.pipeline';
import { ASSUMPTION } from '../rules-options';
import { requireGameGoesOn } from './game-end.guard';
import { requireColour, requireGame } from './order-guards';

/** [A] A player gives the game up, in any phase of a game that goes on: the other side wins. */
export function resign(ctx: EngineContext, data: CommandDataMap['Resign']): void {
  requireGame(ctx.state);
  const player = requireColour(data.player);
  requireGameGoesOn(ctx.state);
  const resigned = ctx.emit('PlayerResigned', { player }, { rule: ASSUMPTION });
  endGame(ctx, { winner: opponentOf(player), reason: 'resignation', ruling: null, standings: null }, resigned);
}
