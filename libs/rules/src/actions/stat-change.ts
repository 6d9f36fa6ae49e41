import type { EmitOptions } from '../engine/emitter';
import type { EngineContext } from '../engine/engine-context';
import { minionAt } from '../model/entity-accessors';

export interface StatDelta {
  armor: number;
  maxHp: number;
  damage: number;
}

/**
 * modifyStats on one minion. D6: armor gained raises max armor only, so it helps from the next combat round;
 * armor lost caps current armor at the new max. Max HP never drops below 1; a raise heals by as much.
 */
export function applyStatChange(
  ctx: EngineContext,
  minionId: string,
  delta: StatDelta,
  activeSpellId: string | null,
  options: EmitOptions,
): string {
  const minion = minionAt(ctx.state, minionId);
  const maxArmorAfter = Math.max(0, minion.maxArmor + delta.armor);
  const maxHpAfter = Math.max(1, minion.maxHp + delta.maxHp);
  const hpAfter = Math.min(delta.maxHp > 0 ? minion.hp + delta.maxHp : minion.hp, maxHpAfter);
  return ctx.emit(
    'StatsModified',
    {
      minionId,
      activeSpellId,
      // The changes as applied after the floors, so undoing them when the spell leaves play is exact.
      armor: maxArmorAfter - minion.maxArmor,
      maxHp: maxHpAfter - minion.maxHp,
      damage: delta.damage,
      maxArmorAfter,
      armorAfter: Math.min(minion.armor, maxArmorAfter),
      maxHpAfter,
      hpAfter,
    },
    options,
  );
}
