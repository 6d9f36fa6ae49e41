import { reject } from '../commands/command-rejected.error';
import type { CommandDataMap } from '../commands/command';
import type { EngineContext } from '../engine/engine-context';
import { describeRef, sameRef } from '../model/entity-ref';
import { canAfford, costInMana, MANA_TYPES } from '../model/mana';
import { activeSpellsOn, groupsOnSquare, lookup, ordersGiven } from '../model/state-queries';
import { isCumulative, isInstant } from '../model/spell-definition';
import type { SpellDefinition } from '../model/spell-definition';
import type { GameState } from '../model/game-state';
import { requireEntityRef, requireOrderChangeLeft, requireOrdersPhase, requireSpellKey } from './order-guards';
import { checkTargetRule } from './target-rule';

/**
 * S5: a player may target two copies of a spell on one target in one turn when the spell "explicitly state[s]
 * 'cumulative'"; a non-visible spell, which S9 calls cumulative, as the game's `nonVisibleDuplicates` reading says [A].
 */
function mayBeTargetedTwice(state: GameState, spell: SpellDefinition): boolean {
  return spell.cumulative || (!spell.visible && state.rules.nonVisibleDuplicates === 'allowed');
}

/**
 * S3: a spell from hand becomes targeted. Its casting requirements are checked now (S10): the target rule (S2,
 * B5), once per game (S11), one copy per target per turn (S5), one visible copy per host (S9); then its cost is
 * paid (S4, B6).
 */
export function targetSpell(ctx: EngineContext, data: CommandDataMap['TargetSpell']): void {
  const state = ctx.state;
  const player = requireOrdersPhase(state, data.player);
  requireOrderChangeLeft(state, player);
  requireSpellKey(data.spell, 'spell');
  requireEntityRef(data.target, 'target');
  // The hand is checked first, and an unknown key gets the same answer: whether a spell exists in this game
  // (perhaps in the opponent's deck) is not for a player to learn from a refusal.
  const spell = lookup(state.spells, data.spell);
  if (spell === undefined || !state.players[player].hand.includes(data.spell)) {
    reject('rule', 'S3', `spell "${data.spell}" is not in ${player}'s hand`, 'spell');
  }
  if (spell.oncePerGame && state.players[player].castOnce.includes(data.spell)) {
    reject('rule', 'S11', `"${data.spell}" may be cast only once per game and ${player} has cast it`, 'spell');
  }
  const problem = checkTargetRule(state, player, spell.target, data.target);
  if (problem) reject(problem.kind, problem.rule, problem.reason, 'target');
  if ('square' in data.target && groupsOnSquare(state, data.target.square).length > 0) {
    reject('rule', 'S10', `square ${data.target.square} holds a group; square spells need an empty square`, 'target');
  }
  if (!mayBeTargetedTwice(state, spell)) {
    const twin = ordersGiven(state).find(
      (order) =>
        order.kind === 'cast' &&
        order.player === player &&
        order.spell === data.spell &&
        sameRef(order.target, data.target),
    );
    if (twin !== undefined) {
      reject(
        'rule',
        'S5',
        `${player} already targeted "${data.spell}" on ${describeRef(data.target)} this turn (${twin.id})`,
        'target',
      );
    }
  }
  if (!isInstant(spell.type) && !isCumulative(spell)) {
    // Only a visible copy blocks (S9), and the refusal names no id: a non-visible one must not show through.
    const copy = activeSpellsOn(state, data.target).find((active) => active.spell === data.spell && active.visible);
    if (copy) reject('rule', 'S9', `${describeRef(data.target)} already holds a visible "${data.spell}"`, 'target');
  }
  const cost = costInMana(spell.house, spell.cost);
  if (!canAfford(state.players[player].mana, cost)) {
    const needed = MANA_TYPES.filter((type) => cost[type] > 0)
      .map((type) => `${cost[type]} ${type} (has ${state.players[player].mana[type]})`)
      .join(', ');
    reject('rule', 'S4', `${player} cannot pay for "${data.spell}": it costs ${needed}`, 'spell');
  }
  ctx.emit(
    'SpellTargeted',
    { orderId: ctx.nextOrderId(), player, spell: data.spell, target: data.target, cost },
    { rule: 'S3' },
  );
}
