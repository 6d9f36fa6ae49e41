import { reject } from '../commands/command-rejected.error';
import type { CommandDataMap } from '../commands/command';
import type { EngineContext } from '../engine/engine-context';
import { COLOURS } from '../model/players';
import { collectGarbage, executeTurn } from '../pipelines/turn.pipeline';
import { requireGame, requireOrdersPhase } from './order-guards';

/** T2: nothing executes until both players have confirmed; the second confirmation executes the turn. */
export function confirmOrders(ctx: EngineContext, data: CommandDataMap['ConfirmOrders']): void {
  const player = requireOrdersPhase(ctx.state, data.player);
  const confirmed = ctx.emit('OrdersConfirmed', { player }, { rule: 'T2' });
  if (COLOURS.every((colour) => ctx.state.players[colour].confirmed)) executeTurn(ctx, confirmed);
}

/** T1: the scheduled end-of-turn garbage collection, carried out once, then the next turn. */
export function collectScheduledGarbage(ctx: EngineContext, data: CommandDataMap['CollectGarbage']): void {
  requireGame(ctx.state);
  if (!Number.isInteger(data.turn)) reject('invalid', 'T1', 'must be a turn number', 'turn');
  if (ctx.state.pendingCollection === null || ctx.state.pendingCollection !== data.turn) {
    reject('phase', 'T1', `no garbage collection is scheduled for turn ${data.turn}`, 'turn');
  }
  collectGarbage(ctx);
}
