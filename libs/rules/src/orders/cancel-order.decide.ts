import { reject } from '../commands/command-rejected.error';
import type { CommandDataMap } from '../commands/command';
import type { EngineContext } from '../engine/engine-context';
import { emptyPool } from '../model/mana';
import { lookup } from '../model/state-queries';
import { RULES_OPTIONS } from '../rules-options';
import { requireEntityId, requireOrderChangeLeft, requireOrdersPhase } from './order-guards';

/** S3: an order may be changed or cancelled until its player confirms; a cancelled cast is refunded (S4 [A]). */
export function cancelOrder(ctx: EngineContext, data: CommandDataMap['CancelOrder']): void {
  const player = requireOrdersPhase(ctx.state, data.player);
  requireOrderChangeLeft(ctx.state, player);
  requireEntityId(data.orderId, 'orderId');
  const order = lookup(ctx.state.orders, data.orderId);
  // Another player's order is reported as missing: orders are secret until execution (T2).
  if (order === undefined || order.player !== player) {
    reject('not-found', 'T2', `${player} has no order ${data.orderId} this turn`, 'orderId');
  }
  if (order.kind === 'cast') {
    const refund = RULES_OPTIONS.refundOnCancel ? order.cost : emptyPool();
    ctx.emit('SpellUntargeted', { orderId: order.id, player, spell: order.spell, refund }, { rule: 'S4' });
  } else if (order.kind === 'discard') {
    ctx.emit('DiscardCancelled', { orderId: order.id, player, spell: order.spell }, { rule: 'S12' });
  } else {
    ctx.emit('AttackCancelled', { orderId: order.id, player }, { rule: 'T3' });
  }
}
