import type { SpellDefinition } from '../model/spell-definition';
import { catalogEntry, monster, recruit, times } from './catalog-entry';

/** Healing, blessings, dispels, mana, and the instants that create minions (summoning and hero, S1). */
export const SUPPORT_SPELLS: readonly SpellDefinition[] = [
  catalogEntry({
    key: 'heal',
    name: 'Heal',
    house: 'life',
    type: 'manifestation',
    target: { kind: 'minion' },
    cost: { primary: 2, secondary: 1 },
    effects: [{ heal: { amount: 4 } }],
  }),
  catalogEntry({
    key: 'regeneration',
    name: 'Regeneration',
    house: 'life',
    type: 'conjuration',
    // S1: a conjuration lasting 3 turns; at each start of turn its host heals 2 HP.
    target: { kind: 'minion', side: 'friendly' },
    cost: { primary: 3, secondary: 2 },
    duration: 3,
    effects: [],
    triggers: [{ on: 'atStartOfTurn', do: { heal: { amount: 2 } } }],
  }),
  catalogEntry({
    key: 'bless-weapons',
    name: 'Bless Weapons',
    house: 'war',
    type: 'alteration',
    // Every minion of the group deals +1 damage with each attack while the blessing lasts.
    target: { kind: 'group', side: 'friendly' },
    cost: { primary: 3, secondary: 2 },
    effects: [{ modifyStats: { damage: 1 } }],
  }),
  catalogEntry({
    key: 'dispel-magic',
    name: 'Dispel Magic',
    house: 'mind',
    type: 'manifestation',
    // S9: dispels every visible spell on the group; non-visible spells ignore it.
    target: { kind: 'group' },
    cost: { primary: 3, secondary: 2 },
    effects: [{ dispel: { which: 'all' } }],
  }),
  catalogEntry({
    key: 'disenchant',
    name: 'Disenchant',
    house: 'justice',
    type: 'manifestation',
    // S9: dispels every visible individual spell on one minion; non-visible spells ignore it.
    target: { kind: 'minion' },
    cost: { primary: 2, secondary: 2 },
    effects: [{ dispel: { which: 'all' } }],
  }),
  catalogEntry({
    key: 'mana-spring',
    name: 'Mana Spring',
    house: 'nature',
    type: 'manifestation',
    // A global manifestation: the caster gains nature's mana (B6: world/order).
    target: { kind: 'globe' },
    cost: { primary: 1, secondary: 1 },
    effects: [{ gainMana: { player: 'caster', mana: { world: 3, order: 2 } } }],
  }),
  catalogEntry({
    key: 'summon-wolves',
    name: 'Summon Wolves',
    house: 'nature',
    type: 'summoning',
    // S1: creates a monster group for the caster on an empty square (S10).
    target: { kind: 'square' },
    cost: { primary: 4, secondary: 2 },
    effects: [{ summon: { minions: times(3, monster('wolf', { hp: 4, armor: 0, damage: 2 })) } }],
  }),
  catalogEntry({
    key: 'call-hero',
    name: 'Call Hero',
    house: 'hope',
    type: 'hero',
    // S1: a hero recruit joins one of the caster's recruit groups (B4: only while it has room).
    target: { kind: 'group', side: 'friendly', groupKind: 'recruit' },
    cost: { primary: 4, secondary: 3 },
    effects: [{ summon: { minions: [recruit('swordsman', { hp: 9, armor: 2, damage: 4 })] } }],
  }),
];
