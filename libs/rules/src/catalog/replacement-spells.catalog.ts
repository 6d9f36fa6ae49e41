import type { SpellDefinition } from '../model/spell-definition';
import { catalogEntry, monster, recruit, times } from './catalog-entry';

/**
 * K1 "replaced by" = the target is removed from the game + the replacement is created (E0 starts each minion's
 * death at E2). Q3: spells targeted later that turn on the old minion, group or structure squander
 * (`target-replaced`), even when they could target the replacement. The replacement keeps the old owner and
 * square. Q4 (v2.20): a recruit replaced by a recruit (Jade Gargoyle, Odar) stays in its group, which does not
 * die and keeps its group spells.
 *
 * Stand-ins: the replacement groups are fixed (the real spells scale with the group replaced). Lycanthropy and
 * Karkara are alterations that replace their own host and move to the replacement (S1); "dispelling Lycanthropy /
 * Karkara" replaces the group back (`restore`: the group as it was, new ids), and later spells on the changed group
 * squander (Q3). The Jade Gargoyle "can't be targeted by individual spells, per its text".
 */
export const REPLACEMENT_SPELLS: readonly SpellDefinition[] = [
  catalogEntry({
    key: 'lycanthropy',
    name: 'Lycanthropy',
    house: 'abomination',
    type: 'alteration',
    // Q3: recruit group → monster group; dispelled, monster group → the recruit group again.
    target: { kind: 'group', groupKind: 'recruit' },
    cost: { primary: 5, secondary: 2 },
    effects: [{ replaceGroup: { with: { minions: times(2, monster('werewolf', { hp: 7, armor: 1, damage: 4 })) } } }],
    triggers: [{ on: 'whenDispelled', do: { restore: {} } }],
    movesToReplacement: true,
  }),
  catalogEntry({
    key: 'devolution',
    name: 'Devolution',
    house: 'unmaking',
    type: 'manifestation',
    // Q3: monster group → recruit group.
    target: { kind: 'group', groupKind: 'monster' },
    cost: { primary: 5, secondary: 3 },
    effects: [{ replaceGroup: { with: { minions: times(2, recruit('swordsman', { hp: 5, armor: 1, damage: 2 })) } } }],
  }),
  catalogEntry({
    key: 'instability',
    name: 'Instability',
    house: 'abomination',
    type: 'manifestation',
    // Q3: monster group → monster group.
    target: { kind: 'group', groupKind: 'monster' },
    cost: { primary: 4, secondary: 3 },
    effects: [{ replaceGroup: { with: { minions: times(3, monster('spawn', { hp: 3, armor: 0, damage: 2 })) } } }],
  }),
  catalogEntry({
    key: 'volgaris',
    name: 'Volgaris',
    house: 'despair',
    type: 'manifestation',
    // Q3: monster group → monster group.
    target: { kind: 'group', groupKind: 'monster' },
    cost: { primary: 6, secondary: 2 },
    effects: [{ replaceGroup: { with: { minions: [monster('volgaris', { hp: 9, armor: 2, damage: 5 })] } } }],
  }),
  catalogEntry({
    key: 'karkara',
    name: 'Karkara',
    house: 'body',
    type: 'alteration',
    // Seed v2.10: group → group (any group becomes one karkara); dispelled, the group it was comes back.
    target: { kind: 'group' },
    cost: { primary: 5, secondary: 2 },
    effects: [{ replaceGroup: { with: { minions: [monster('karkara', { hp: 8, armor: 2, damage: 4 })] } } }],
    triggers: [{ on: 'whenDispelled', do: { restore: {} } }],
    movesToReplacement: true,
  }),
  catalogEntry({
    key: 'civilize',
    name: 'Civilize',
    house: 'justice',
    type: 'manifestation',
    // Q3: monster group → colony.
    target: { kind: 'group', groupKind: 'monster' },
    cost: { primary: 5, secondary: 3 },
    effects: [{ replaceGroup: { with: { structure: { kind: 'colony' } } } }],
  }),
  catalogEntry({
    key: 'settlement',
    name: 'Settlement',
    house: 'making',
    type: 'manifestation',
    // Q3: monster group → colony.
    target: { kind: 'group', groupKind: 'monster' },
    cost: { primary: 6, secondary: 2 },
    effects: [{ replaceGroup: { with: { structure: { kind: 'colony' } } } }],
  }),
  catalogEntry({
    key: 'zanas-champion',
    name: "Zana's Champion",
    house: 'war',
    type: 'manifestation',
    // Q3: town or colony → recruit group (any structure but a sanctum, B5).
    target: { kind: 'structure' },
    cost: { primary: 5, secondary: 3 },
    effects: [{ replaceStructure: { with: { minions: [recruit('swordsman', { hp: 10, armor: 3, damage: 5 })] } } }],
  }),
  catalogEntry({
    key: 'jade-gargoyle',
    name: 'Jade Gargoyle',
    house: 'making',
    type: 'manifestation',
    // Q4: recruit → recruit, which "can't be targeted by individual spells, per its text".
    target: { kind: 'minion', groupKind: 'recruit' },
    cost: { primary: 4, secondary: 2 },
    // B3: a recruit is a swordsman or an archer; the gargoyle is a heavily armoured swordsman.
    effects: [
      {
        replaceMinion: {
          with: { ...recruit('swordsman', { hp: 8, armor: 4, damage: 3 }), cannotBeTargetedBy: ['individual-spells'] },
        },
      },
    ],
  }),
  catalogEntry({
    key: 'odar',
    name: 'Odar',
    house: 'mind',
    type: 'manifestation',
    // Q4: recruit → recruit.
    target: { kind: 'minion', groupKind: 'recruit' },
    cost: { primary: 4, secondary: 3 },
    effects: [{ replaceMinion: { with: recruit('archer', { hp: 6, armor: 1, damage: 4 }) } }],
  }),
];
