import { reject } from '../commands/command-rejected.error';
import type { CommandDataMap } from '../commands/command';
import type { EngineContext } from '../engine/engine-context';
import type { GameState, Minion } from '../model/game-state';
import { attackOrdersOf, attacksOrderedBy, groupOf, isAlive, lookup } from '../model/state-queries';
import { RULES_OPTIONS } from '../rules-options';
import { requireEntityId, requireOrderChangeLeft, requireOrdersPhase } from './order-guards';

/** T3 [A]: a minion of a group inside a spell is off the board: it neither attacks nor is attacked. */
function requireOnBoard(state: GameState, minion: Minion, field: 'attacker' | 'victim'): void {
  const heldBy = groupOf(state, minion)?.heldBy ?? null;
  if (heldBy !== null)
    reject('rule', 'T3', `minion ${minion.id} is inside active spell ${heldBy}, off the board [A]`, field);
}

/** T3: an attack order names one of the player's living minions, one of its attacks, and an enemy victim. */
export function orderAttack(ctx: EngineContext, data: CommandDataMap['OrderAttack']): void {
  const state = ctx.state;
  const player = requireOrdersPhase(state, data.player);
  requireOrderChangeLeft(state, player);
  requireEntityId(data.attackerId, 'attacker');
  requireEntityId(data.victimId, 'victim');
  const attacker = lookup(state.minions, data.attackerId);
  if (attacker === undefined) reject('not-found', 'T3', `minion ${data.attackerId} is not on the board`, 'attacker');
  if (!isAlive(attacker)) reject('rule', 'T3', `minion ${data.attackerId} is not alive`, 'attacker');
  if (attacker.owner !== player)
    reject('rule', 'T3', `minion ${data.attackerId} belongs to ${attacker.owner}, not ${player}`, 'attacker');
  const attackIndex = data.attack ?? 0;
  if (!Number.isInteger(attackIndex) || attacker.attacks[attackIndex] === undefined) {
    reject('rule', 'B3', `minion ${data.attackerId} has no attack number ${attackIndex}`, 'attack');
  }
  const victim = lookup(state.minions, data.victimId);
  if (victim === undefined) reject('not-found', 'T3', `minion ${data.victimId} is not on the board`, 'victim');
  if (!isAlive(victim)) reject('rule', 'T3', `minion ${data.victimId} is not alive`, 'victim');
  if (victim.owner === player) reject('rule', 'T3', `minion ${data.victimId} is ${player}'s own`, 'victim');
  requireOnBoard(state, attacker, 'attacker');
  requireOnBoard(state, victim, 'victim');
  if (RULES_OPTIONS.combatRequiresSameSquare && groupOf(state, attacker)?.square !== groupOf(state, victim)?.square) {
    reject(
      'rule',
      'T3',
      `minion ${data.victimId} is not on the square of ${data.attackerId} [A: attacks need the same square]`,
      'victim',
    );
  }
  if (attacksOrderedBy(state, attacker.id) >= RULES_OPTIONS.attacksPerMinionPerTurn) {
    reject('rule', 'T3', `minion ${data.attackerId} is already ordered to attack this turn [A]`, 'attacker');
  }
  if (attackOrdersOf(state, player) >= RULES_OPTIONS.attackOrdersPerTurn) {
    reject(
      'rule',
      'T3',
      `${player} has given the ${RULES_OPTIONS.attackOrdersPerTurn} attack orders a turn allows [A]`,
    );
  }
  ctx.emit(
    'AttackOrdered',
    { orderId: ctx.nextOrderId(), player, attackerId: attacker.id, victimId: victim.id, attack: attackIndex },
    { rule: 'T3' },
  );
}
