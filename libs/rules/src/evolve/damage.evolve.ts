import type { EvolverMap } from './evolver';

/** Only the steps that change the minion touch the state; the rest are the pipeline's record. */
export const damageEvolvers: EvolverMap = {
  ArmorSoaked: (state, data) => {
    state.minions[data.minionId].armor = data.armorAfter;
  },
  DamageApplied: (state, data) => {
    state.minions[data.minionId].hp = data.hpAfter;
  },
  MinionHealed: (state, data) => {
    state.minions[data.minionId].hp = data.hpAfter;
  },
  StatsModified: (state, data) => {
    const minion = state.minions[data.minionId];
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
