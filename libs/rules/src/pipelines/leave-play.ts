import type { EmitOptions } from '../engine/emitter';
import type { EngineContext } from '../engine/engine-context';
import { applyStatChange } from '../actions/stat-change';
import { activeSpellAt } from '../model/entity-accessors';
// Part of the rules' own recursion: a spell leaving play fires its own hooks and sets down the group it holds.
import { releaseHeldGroup } from '../actions/movement.actions';
import { fireSpellHooks } from './spell-hooks';

export type LeavePlayReason = 'host-died' | 'dispelled' | 'host-no-longer-legal' | 'expired';

/**
 * An active spell leaves play (S1, S3): what it changed while active is undone on minions still alive, then it
 * is dispelled or expires. Then its own hook for that (S9 `whenDispelled`, S1 `whenExpires`) acts, and a group it
 * held inside comes back onto its square [A] — unless its host died, which is that very group.
 */
export function leavePlay(
  ctx: EngineContext,
  activeSpellId: string,
  reason: LeavePlayReason,
  options: EmitOptions,
  depth = 0,
): string {
  const active = activeSpellAt(ctx.state, activeSpellId);
  for (const change of active.statChanges) {
    const minion = ctx.state.minions[change.minionId];
    if (minion === undefined || minion.status === 'dead') continue;
    applyStatChange(
      ctx,
      change.minionId,
      { armor: -change.armor, maxHp: -change.maxHp, damage: -change.damage },
      null,
      options,
    );
  }
  const { spell, host } = active;
  const left =
    reason === 'expired'
      ? ctx.emit('SpellExpired', { activeSpellId, spell, host }, options)
      : ctx.emit('SpellDispelled', { activeSpellId, spell, host, reason }, options);
  // `active` is the record as it stood: the state has only dropped it from its lists.
  if (reason === 'dispelled') fireSpellHooks(ctx, active, 'whenDispelled', left, depth);
  if (reason === 'expired') fireSpellHooks(ctx, active, 'whenExpires', left, depth);
  if (reason !== 'host-died') releaseHeldGroup(ctx, active, left, depth);
  return left;
}
