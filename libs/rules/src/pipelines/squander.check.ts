import type { EngineContext } from '../engine/engine-context';
import type { DomainEvent } from '../events/domain-event';
import type { GameState, SpellOrder } from '../model/game-state';
import { refId } from '../model/entity-ref';
import { activeSpellsOn, groupsOnSquare } from '../model/state-queries';
import { isCumulative, isInstant } from '../model/spell-definition';
import { checkTargetRule } from '../orders/target-rule';
import { breaksRestriction } from '../model/targeting-restrictions';
import type { SquanderReason } from './squander-reasons';
import { spellAt } from '../model/entity-accessors';

export interface Squander {
  reason: SquanderReason;
  rule: string;
  /** The event that made the reason true (SpellSquandered's `reasonEventId`). */
  eventId: string | null;
}

/** Whether an event's data names the entity (`minionId`, `groupId`, `structureId`… equal to its id). */
function names(event: DomainEvent, id: string): boolean {
  return Object.values(event.data).some((value) => value === id);
}

/**
 * Q2, Q3: the target suffered a death earlier this turn; spells never switch targets. An individual spell on a
 * recruit replaced by a minion that "can't be targeted by individual spells" (the Jade Gargoyle) squanders for that
 * restriction: "they would squander even without" Q3, as the pages put it (S10).
 */
function deathThisTurn(state: GameState, order: SpellOrder, targetKind: string): Squander | null {
  if ('square' in order.target || 'globe' in order.target) return null;
  const casualty = state.casualties[refId(order.target)];
  if (casualty === undefined) return null;
  const eventId = casualty.eventId;
  if (casualty.category === 'replaced') {
    const replacement = 'minion' in order.target && casualty.replacementId !== null;
    const successor = replacement ? state.minions[casualty.replacementId as string] : undefined;
    if (successor !== undefined && breaksRestriction(state, successor, targetKind)) {
      return { reason: 'target-untargetable', rule: 'S10', eventId };
    }
    return { reason: 'target-replaced', rule: 'Q3', eventId };
  }
  const rule = casualty.phase === 'spellExecution' ? 'Q2' : 'Q1';
  return { reason: casualty.category === 'removed' ? 'target-removed' : 'target-dead', rule, eventId };
}

/** S6, S9: a host holds at most one copy of a visible, non-cumulative alteration or conjuration. */
function blockedByActiveCopy(ctx: EngineContext, order: SpellOrder): Squander | null {
  const state = ctx.state;
  const spell = spellAt(state, order.spell);
  if (isInstant(spell.type) || isCumulative(spell)) return null;
  const copy = activeSpellsOn(state, order.target).find((active) => active.spell === order.spell);
  if (copy === undefined) return null;
  const eventId = ctx.latestEventWhere(
    (event) => event.type === 'SpellActivated' && event.data.activeSpellId === copy.id,
  );
  return { reason: 'blocked-by-active-copy', rule: copy.owner !== order.player ? 'S6' : 'S9', eventId };
}

/** S11: the earlier cast of this once-per-game spell, by the same player, that took effect. */
function earlierCast(ctx: EngineContext, order: SpellOrder): string | null {
  return ctx.latestEventWhere((event) => {
    if (event.type !== 'SpellResolved' && event.type !== 'SpellActivated') return false;
    const cast = ctx.state.orders[event.data.orderId];
    return cast?.kind === 'cast' && cast.spell === order.spell && cast.player === order.player;
  });
}

/**
 * S10: casting requirements are checked again at the instant a spell executes; the first that fails gives the
 * squander reason, and the event that made it fail (the casualty's death, the group that came onto the square, the
 * last event that touched the target…). Null when the spell may execute.
 */
export function squanderCheck(ctx: EngineContext, order: SpellOrder): Squander | null {
  const state = ctx.state;
  const spell = spellAt(state, order.spell);
  const died = deathThisTurn(state, order, spell.target.kind);
  if (died) return died;
  if ('minion' in order.target) {
    const id = order.target.minion;
    const minion = state.minions[id];
    const touched = () => ctx.latestEventWhere((event) => names(event, id));
    if (minion === undefined) return { reason: 'target-gone', rule: 'S10', eventId: touched() };
    if (minion.status === 'dead') return { reason: 'target-dead', rule: 'Q1', eventId: touched() };
  }
  if ('square' in order.target) {
    const square = order.target.square;
    if (groupsOnSquare(state, square).length > 0) {
      const eventId = ctx.latestEventWhere(
        (event) =>
          (event.type === 'GroupCreated' && event.data.square === square) ||
          (event.type === 'GroupMoved' && event.data.to === square) ||
          (event.type === 'GroupReleased' && event.data.square === square),
      );
      return { reason: 'square-occupied', rule: 'S10', eventId };
    }
  }
  const problem = checkTargetRule(state, order.player, spell.target, order.target);
  if (problem) {
    const target = 'globe' in order.target ? null : refId(order.target);
    const eventId = target === null ? null : ctx.latestEventWhere((event) => names(event, target));
    const reason =
      problem.kind === 'not-found'
        ? 'target-gone'
        : problem.untargetable
          ? 'target-untargetable'
          : 'requirement-failed';
    return { reason, rule: 'S10', eventId };
  }
  if (spell.oncePerGame && state.players[order.player].castOnce.includes(order.spell)) {
    return { reason: 'once-per-game', rule: 'S11', eventId: earlierCast(ctx, order) };
  }
  return blockedByActiveCopy(ctx, order);
}
