import { runAction } from '../actions/run-action';
import type { EngineContext } from '../engine/engine-context';
import type { SpellOrder } from '../model/game-state';
import { RULES_OPTIONS } from '../rules-options';
import { isInstant } from '../model/spell-definition';
import { standardSequence } from '../model/players';
import { squanderCheck } from './squander.check';
import { ordersOfKind } from '../model/turn-orders.index';

/**
 * S7: each player's spells in the order that player issued them; players in the standard initiative sequence
 * (B2): the initiative player's spells, then the other player's [A: players do not interleave].
 */
export function executionOrder(ctx: EngineContext): SpellOrder[] {
  const given = ordersOfKind(ctx.state, 'cast');
  const byPlayer = standardSequence(ctx.state.initiative).map((player) =>
    given.filter((order) => order.player === player),
  );
  if (RULES_OPTIONS.interleaveSpellExecution) {
    const longest = Math.max(0, ...byPlayer.map((casts) => casts.length));
    return Array.from({ length: longest }, (_, i) => byPlayer.map((casts) => casts[i]).filter(Boolean)).flat();
  }
  return byPlayer.flat();
}

/** The spell execution phase (S3 "executing"): every targeted spell succeeds or squanders, in S7 order. */
export function runSpellExecutionPhase(ctx: EngineContext, cause: string): void {
  const orders = executionOrder(ctx);
  const started = ctx.emit(
    'SpellExecutionPhaseStarted',
    { orderIds: orders.map((order) => order.id) },
    { rule: 'S7', cause },
  );
  for (const order of orders) executeSpell(ctx, order, started);
}

/**
 * One spell: S10 re-check (squander with a reason, S11) → instants take effect and leave play (S1) →
 * alterations and conjurations become active on their host (S8), then take effect.
 */
function executeSpell(ctx: EngineContext, order: SpellOrder, cause: string): void {
  const executing = ctx.emit(
    'SpellExecuting',
    { orderId: order.id, player: order.player, spell: order.spell, target: order.target },
    { rule: 'S3', cause },
  );
  const squander = squanderCheck(ctx, order);
  if (squander) {
    ctx.emit(
      'SpellSquandered',
      { orderId: order.id, reason: squander.reason, reasonEventId: squander.eventId },
      { rule: squander.rule, cause: executing },
    );
    return;
  }
  const spell = ctx.state.spells[order.spell];
  let activeSpellId: string | null = null;
  let effectCause = executing;
  if (!isInstant(spell.type)) {
    activeSpellId = ctx.nextEntityId('active');
    effectCause = ctx.emit(
      'SpellActivated',
      {
        orderId: order.id,
        activeSpellId,
        spell: order.spell,
        owner: order.player,
        host: order.target,
        visible: spell.visible,
        expiresAtTurn:
          spell.type === 'conjuration' && spell.duration !== undefined ? ctx.state.turn + spell.duration : null,
      },
      { rule: 'S8', cause: executing },
    );
  }
  for (const effect of spell.effects) {
    runAction(ctx, effect, {
      subject: order.target,
      caster: order.player,
      attackerId: null,
      cause: effectCause,
      depth: 0,
      activeSpellId,
      rule: 'S1',
    });
  }
  if (activeSpellId === null) ctx.emit('SpellResolved', { orderId: order.id }, { rule: 'S1', cause: executing });
}
