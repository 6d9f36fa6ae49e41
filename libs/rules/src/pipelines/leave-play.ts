import type { EmitOptions } from '../engine/emitter';
import type { EngineContext } from '../engine/engine-context';
import { applyStatChange } from '../actions/stat-change';
import { activeSpellAt } from '../model/entity-accessors';

export type LeavePlayReason = 'host-died' | 'dispelled' | 'host-no-longer-legal' | 'expired';

/**
 * An active spell leaves play (S1, S3): what it changed while active is undone on minions still alive, then it
 * is dispelled or expires.
 */
export function leavePlay(
  ctx: EngineContext,
  activeSpellId: string,
  reason: LeavePlayReason,
  options: EmitOptions,
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
  if (reason === 'expired') {
    return ctx.emit('SpellExpired', { activeSpellId, spell, host }, options);
  }
  return ctx.emit('SpellDispelled', { activeSpellId, spell, host, reason }, options);
}
