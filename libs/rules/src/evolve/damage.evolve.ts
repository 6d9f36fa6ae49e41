import type { EvolverMap } from './evolver';
import { minionAt } from '../model/entity-accessors';

/** Only the steps that change the minion touch the state; the rest are the pipeline's record. */
export const damageEvolvers: EvolverMap = {
  ArmorSoaked: (state, data) => {
    minionAt(state, data.minionId).armor = data.armorAfter;
  },
  DamageApplied: (state, data) => {
    minionAt(state, data.minionId).hp = data.hpAfter;
  },
  MinionHealed: (state, data) => {
    minionAt(state, data.minionId).hp = data.hpAfter;
  },
  StatsModified: (state, data) => {
    const minion = minionAt(state, data.minionId);
    minion.maxArmor = data.maxArmorAfter;
    minion.armor = data.armorAfter;
    minion.maxHp = data.maxHpAfter;
    minion.hp = data.hpAfter;
    minion.damageBonus += data.damage;
    if (data.activeSpellId !== null) {
      state.activeSpells[data.activeSpellId]?.statChanges.push({
        minionId: data.minionId,
        armor: data.armor,
        maxHp: data.maxHp,
        damage: data.damage,
      });
    }
  },
};
