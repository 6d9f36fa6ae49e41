import type { GameState, SpellOrder } from '../model/game-state';
import { refId } from '../model/entity-ref';
import { activeSpellsOn, groupsOnSquare } from '../model/state-queries';
import { isCumulative, isInstant } from '../model/spell-definition';
import { checkTargetRule } from '../orders/target-rule';
import type { SquanderReason } from './squander-reasons';

export interface Squander {
  reason: SquanderReason;
  rule: string;
}

/** Q2, Q3: the target suffered a death earlier this turn; spells never switch targets. */
function deathThisTurn(state: GameState, order: SpellOrder): Squander | null {
  if ('square' in order.target || 'globe' in order.target) return null;
  const casualty = state.casualties[refId(order.target)];
  if (casualty === undefined) return null;
  if (casualty.category === 'replaced') return { reason: 'target-replaced', rule: 'Q3' };
  const rule = casualty.phase === 'spellExecution' ? 'Q2' : 'Q1';
  return { reason: casualty.category === 'removed' ? 'target-removed' : 'target-dead', rule };
}

/** S6, S9: a host holds at most one copy of a visible, non-cumulative alteration or conjuration. */
function blockedByActiveCopy(state: GameState, order: SpellOrder): Squander | null {
  const spell = state.spells[order.spell];
  if (isInstant(spell.type) || isCumulative(spell)) return null;
  const copy = activeSpellsOn(state, order.target).find((active) => active.spell === order.spell);
  if (copy === undefined) return null;
  return { reason: 'blocked-by-active-copy', rule: copy.owner !== order.player ? 'S6' : 'S9' };
}

/**
 * S10: casting requirements are checked again at the instant a spell executes; the first that fails gives the
 * squander reason. Null when the spell may execute.
 */
export function squanderCheck(state: GameState, order: SpellOrder): Squander | null {
  const spell = state.spells[order.spell];
  const died = deathThisTurn(state, order);
  if (died) return died;
  if ('minion' in order.target) {
    const minion = state.minions[order.target.minion];
    if (minion === undefined) return { reason: 'target-gone', rule: 'S10' };
    if (minion.status === 'dead') return { reason: 'target-dead', rule: 'Q1' };
  }
  if ('square' in order.target && groupsOnSquare(state, order.target.square).length > 0) {
    return { reason: 'square-occupied', rule: 'S10' };
  }
  const problem = checkTargetRule(state, order.player, spell.target, order.target);
  if (problem) return { reason: problem.kind === 'not-found' ? 'target-gone' : 'requirement-failed', rule: 'S10' };
  if (spell.oncePerGame && state.players[order.player].castOnce.includes(order.spell)) {
    return { reason: 'once-per-game', rule: 'S11' };
  }
  return blockedByActiveCopy(state, order);
}
