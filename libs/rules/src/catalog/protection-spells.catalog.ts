import type { SpellDefinition } from '../model/spell-definition';
import { catalogEntry } from './catalog-entry';

/**
 * Protective alterations. D0: a `protective` trigger never acts on magical damage (a ward against missiles does
 * not stop magical missiles). D6: armor gained raises max armor only. E1: a dying-cancel returns its host to life;
 * the first one wins (E1.1). S9: a non-visible spell shows nowhere, ignores dispels and is cumulative.
 */
export const PROTECTION_SPELLS: readonly SpellDefinition[] = [
  catalogEntry({
    key: 'missile-ward',
    name: 'Missile Ward',
    house: 'hope',
    type: 'alteration',
    // D1: cancels non-magical missile damage before armor is checked.
    target: { kind: 'group', side: 'friendly' },
    cost: { primary: 3, secondary: 2 },
    effects: [],
    triggers: [{ on: 'beforeArmor', do: { cancelDamage: {} }, protective: true, damageKind: 'missile' }],
  }),
  catalogEntry({
    key: 'stoneskin',
    name: 'Stoneskin',
    house: 'justice',
    type: 'alteration',
    // D6: +2 max armor while the alteration lasts; undone when it leaves play.
    target: { kind: 'minion', side: 'friendly' },
    cost: { primary: 3, secondary: 1 },
    effects: [{ modifyStats: { armor: 2 } }],
  }),
  catalogEntry({
    key: 'layered-aegis',
    name: 'Layered Aegis',
    house: 'hope',
    type: 'alteration',
    // S5, S9: cumulative — several copies may be targeted on, and held by, one minion.
    target: { kind: 'minion', side: 'friendly' },
    cost: { primary: 2, secondary: 1 },
    cumulative: true,
    effects: [{ modifyStats: { armor: 1 } }],
  }),
  catalogEntry({
    key: 'soul-jar',
    name: 'Soul Jar',
    house: 'death',
    type: 'alteration',
    // E1: a dying-cancel (returns its host to life with 1 HP, E1.2). Non-visible, hence cumulative (S9); it is
    // dispelled with its host at burial all the same (E3.1). It does nothing against `removed`/`replaced` (E0).
    target: { kind: 'minion', side: 'friendly' },
    cost: { primary: 4, secondary: 2 },
    visible: false,
    cumulative: true,
    effects: [],
    triggers: [{ on: 'isDying', do: { returnToLife: { hp: 1 } } }],
  }),
];
