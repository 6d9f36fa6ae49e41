import type { EngineContext } from '../engine/engine-context';
import { actionOf } from '../model/spell-definition';
import type { ActionParams } from '../model/spell-definition';
import { applyStatChange } from './stat-change';
import { activeSpellAt, groupAt, spellAt } from '../model/entity-accessors';

/**
 * A minion joining a group (a hero, a summoned minion, a Q4 replacement) comes under the group's active
 * alterations: their stat changes apply to it too, and are undone with the rest when the spell leaves play.
 */
export function applyGroupAlterations(ctx: EngineContext, groupId: string, minionId: string, cause: string): void {
  for (const activeSpellId of groupAt(ctx.state, groupId).spells) {
    const active = activeSpellAt(ctx.state, activeSpellId);
    for (const effect of spellAt(ctx.state, active.spell).effects) {
      const { name, params } = actionOf(effect);
      if (name !== 'modifyStats') continue;
      const stats = params as ActionParams['modifyStats'];
      applyStatChange(
        ctx,
        minionId,
        { armor: stats.armor ?? 0, maxHp: stats.maxHp ?? 0, damage: stats.damage ?? 0 },
        activeSpellId,
        { rule: 'S8', cause },
      );
    }
  }
}
