import { reject } from '../commands/command-rejected.error';
import type { CommandDataMap } from '../commands/command';
import type { EngineContext } from '../engine/engine-context';
import { requireOrderChangeLeft, requireOrdersPhase, requireSpellKey } from './order-guards';

/** S12: at most one discard a turn, onto the whirlpool, free. */
export function discardSpell(ctx: EngineContext, data: CommandDataMap['DiscardSpell']): void {
  const player = requireOrdersPhase(ctx.state, data.player);
  requireOrderChangeLeft(ctx.state, player);
  requireSpellKey(data.spell, 'spell');
  if (!ctx.state.players[player].hand.includes(data.spell)) {
    reject('rule', 'S12', `spell "${data.spell}" is not in ${player}'s hand`, 'spell');
  }
  if (ctx.state.players[player].discardedThisTurn) {
    reject('rule', 'S12', `${player} has already discarded a spell this turn`, 'spell');
  }
  ctx.emit('CardDiscarded', { orderId: ctx.nextOrderId(), player, spell: data.spell }, { rule: 'S12' });
}
