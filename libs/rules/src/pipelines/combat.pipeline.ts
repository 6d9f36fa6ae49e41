import type { EngineContext } from '../engine/engine-context';
import type { AttackOrder } from '../model/game-state';
import { combatSequence } from '../model/players';
import { minionsInPlayOrder } from '../model/play-order.index';
import { isAlive } from '../model/state-queries';
import { ordersOfKind } from '../model/turn-orders.index';
import { ASSUMPTION, RULES_OPTIONS } from '../rules-options';
import { takeDamage } from './damage.pipeline';

/** T3: attacks run in the combat initiative sequence (B2), each player's in the order given. */
export function attackOrder(ctx: EngineContext): AttackOrder[] {
  const attacks = ordersOfKind(ctx.state, 'attack');
  const sequence: AttackOrder[] = [];
  for (const player of combatSequence(ctx.state.initiative)) {
    for (const order of attacks) if (order.player === player) sequence.push(order);
  }
  return sequence;
}

/**
 * The combat phase: D6 current armor back to max armor for the round [A: the phase is one round], then every
 * attack order through the "Takes Damage" pipeline with its attacker to blame (D0.1).
 */
export function runCombatPhase(ctx: EngineContext, cause: string): void {
  const attacks = attackOrder(ctx);
  const started = ctx.emit('CombatPhaseStarted', { orderIds: attacks.map((order) => order.id) }, { rule: 'T3', cause });
  if (RULES_OPTIONS.armorResetsAtCombatStart) restoreArmor(ctx, started);
  for (const order of attacks) executeAttack(ctx, order, started);
}

/** D6: current armor is reset to max armor at the start of each combat round (minions in play order). */
function restoreArmor(ctx: EngineContext, cause: string): void {
  for (const minion of minionsInPlayOrder(ctx.state)) {
    if (!isAlive(minion) || minion.armor >= minion.maxArmor) continue;
    ctx.emit(
      'ArmorRestored',
      { minionId: minion.id, armorBefore: minion.armor, armorAfter: minion.maxArmor },
      { rule: 'D6', cause },
    );
  }
}

/** The event that took a minion out of the fight: its death this turn, or the last event that named it. */
function goneBy(ctx: EngineContext, minionId: string): string | null {
  const casualty = ctx.state.casualties[minionId];
  if (casualty !== undefined) return casualty.eventId;
  return ctx.latestEventWhere((event) => Object.values(event.data).some((value) => value === minionId));
}

/**
 * T3: one attack; an attacker or victim no longer alive on the board makes it fizzle [A], and so does the
 * command's spent event budget [A]. A fizzle names the event that caused it (`reasonEventId`).
 */
function executeAttack(ctx: EngineContext, order: AttackOrder, cause: string): void {
  if (ctx.budgetSpent(cause)) {
    ctx.emit(
      'AttackFizzled',
      { orderId: order.id, reason: 'budget-spent', reasonEventId: ctx.budgetSpentEvent },
      { rule: ASSUMPTION, cause },
    );
    return;
  }
  const executing = ctx.emit(
    'AttackExecuting',
    { orderId: order.id, player: order.player, attackerId: order.attackerId, victimId: order.victimId },
    { rule: 'T3', cause },
  );
  const attacker = ctx.state.minions[order.attackerId];
  if (!isAlive(attacker)) {
    const reasonEventId = goneBy(ctx, order.attackerId);
    ctx.emit(
      'AttackFizzled',
      { orderId: order.id, reason: 'attacker-gone', reasonEventId },
      { rule: 'T3', cause: executing },
    );
    return;
  }
  if (!isAlive(ctx.state.minions[order.victimId])) {
    const reasonEventId = goneBy(ctx, order.victimId);
    ctx.emit(
      'AttackFizzled',
      { orderId: order.id, reason: 'victim-gone', reasonEventId },
      { rule: 'T3', cause: executing },
    );
    return;
  }
  const attack = attacker.attacks[order.attack];
  const magical = attack.magical ?? false;
  takeDamage(ctx, {
    minionId: order.victimId,
    amount: Math.max(0, attack.damage + attacker.damageBonus),
    damage: { kind: attack.kind, magical, ignoresArmor: magical || (attack.ignoresArmor ?? false) },
    attackerId: attacker.id,
    cause: executing,
    depth: 0,
  });
}
