import type { EngineContext } from '../engine/engine-context';
import type { AttackOrder, Minion } from '../model/game-state';
import type { EventDataMap } from '../events/event-vocabulary';
import { combatSequence } from '../model/players';
import { groupOf, isAlive, minionsInPlayOrder, ordersOfKind } from '../model/state-queries';
import { ASSUMPTION, RULES_OPTIONS } from '../rules-options';
import { takeDamage } from './damage.pipeline';
import { matchesDamage, triggersFor } from './triggers';
import { runHitsAction } from '../actions/run-action';
import type { DamageType } from '../model/spell-definition';
import { attackAt } from '../model/entity-accessors';

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
 * The combat phase, in the game's number of combat rounds [A: one unless its set-up asks for more]: each round, D6
 * current armor back to max armor, then every attack order through the "Takes Damage" pipeline with its attacker
 * to blame (D0.1). The first round starts with the phase; each later one is announced (CombatRoundStarted), so armor
 * gained during a round (max armor only, D6) helps from the next.
 */
export function runCombatPhase(ctx: EngineContext, cause: string): void {
  const attacks = attackOrder(ctx);
  const started = ctx.emit('CombatPhaseStarted', { orderIds: attacks.map((order) => order.id) }, { rule: 'T3', cause });
  const rounds = ctx.state.rules.combatRounds;
  for (let round = 1; round <= rounds; round += 1) {
    const roundStarted =
      round === 1 ? started : ctx.emit('CombatRoundStarted', { round, rounds }, { rule: 'D6', cause: started });
    if (RULES_OPTIONS.armorResetsAtCombatStart) restoreArmor(ctx, roundStarted);
    for (const order of attacks) executeAttack(ctx, order, roundStarted);
  }
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
 * T3 [A]: attacker and victim must still stand on the board, on one square, as the attack strikes: a group that went
 * inside a spell is gone from the board (attacker-gone, victim-gone), one that moved is apart (not-same-square). The
 * fizzle names the event that took it there. True when the attack fizzled.
 */
function apart(ctx: EngineContext, order: AttackOrder, attacker: Minion, victim: Minion, executing: string): boolean {
  const attackerGroup = groupOf(ctx.state, attacker);
  const victimGroup = groupOf(ctx.state, victim);
  if (attackerGroup === undefined || victimGroup === undefined) return false;
  if (attackerGroup.heldBy !== null) return fizzleApart(ctx, order, 'attacker-gone', [attackerGroup.id], executing);
  if (victimGroup.heldBy !== null) return fizzleApart(ctx, order, 'victim-gone', [victimGroup.id], executing);
  if (RULES_OPTIONS.combatRequiresSameSquare && attackerGroup.square !== victimGroup.square) {
    return fizzleApart(ctx, order, 'not-same-square', [attackerGroup.id, victimGroup.id], executing);
  }
  return false;
}

function fizzleApart(
  ctx: EngineContext,
  order: AttackOrder,
  reason: EventDataMap['AttackFizzled']['reason'],
  groupIds: string[],
  executing: string,
): true {
  const reasonEventId = ctx.latestEventWhere(
    (event) =>
      (event.type === 'GroupTakenInside' || event.type === 'GroupMoved' || event.type === 'GroupReleased') &&
      groupIds.includes(event.data.groupId),
  );
  ctx.emit('AttackFizzled', { orderId: order.id, reason, reasonEventId }, { rule: 'T3', cause: executing });
  return true;
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
  const victim = ctx.state.minions[order.victimId];
  if (!isAlive(victim)) {
    const reasonEventId = goneBy(ctx, order.victimId);
    ctx.emit(
      'AttackFizzled',
      { orderId: order.id, reason: 'victim-gone', reasonEventId },
      { rule: 'T3', cause: executing },
    );
    return;
  }
  if (apart(ctx, order, attacker, victim, executing)) return;
  const attack = attackAt(attacker, order.attack);
  const magical = attack.magical ?? false;
  const damage = { kind: attack.kind, magical, ignoresArmor: magical || (attack.ignoresArmor ?? false) };
  takeDamage(ctx, {
    minionId: order.victimId,
    amount: Math.max(0, attack.damage + attacker.damageBonus),
    damage,
    attackerId: attacker.id,
    combatBlow: true,
    cause: executing,
    depth: 0,
  });
  attackerHits(ctx, attacker.id, order.victimId, damage, executing);
}

/**
 * K1 [A: once the blow has landed]: the attacker's own "hits" effects — "hits give …", a weapon spell's "extra"
 * points of magical damage during combat — act on the minion it hit, blamed on the attacker, so a death they cause
 * is `kills`. Only while both still stand: a victim the blow killed is hit by nothing more.
 */
function attackerHits(
  ctx: EngineContext,
  attackerId: string,
  victimId: string,
  damage: DamageType,
  cause: string,
): void {
  const attacker = ctx.state.minions[attackerId];
  if (!isAlive(attacker) || !isAlive(ctx.state.minions[victimId])) return;
  for (const firing of triggersFor(ctx.state, attacker, 'hits')) {
    if (!matchesDamage(firing.trigger, damage)) continue;
    if (ctx.budgetSpent(cause)) return;
    const triggered = ctx.emit(
      'HitsEffectTriggered',
      { attackerId, victimId, by: firing.by, action: firing.trigger.do },
      { rule: 'K1', cause, copies: firing.trigger.do },
    );
    runHitsAction(ctx, firing, { attackerId, victimId, cause: triggered, depth: 1 });
    if (!isAlive(ctx.state.minions[victimId])) return;
  }
}
