import type { SpellDefinition } from '../model/spell-definition';
import { catalogEntry } from './catalog-entry';

/**
 * Spells that damage or slay. D0: most damaging spells deal pure magical damage (no physical kind), which ignores
 * armor (skips D2) and is not stopped by protective effects. K1/D5: spell damage has no attacker, so a death it
 * causes is `dies` (E1 "is dying" effects apply, then "when dies"), never `kills`.
 */
export const DAMAGE_SPELLS: readonly SpellDefinition[] = [
  catalogEntry({
    key: 'magic-bolt',
    name: 'Magic Bolt',
    house: 'war',
    type: 'manifestation',
    target: { kind: 'minion' },
    cost: { primary: 2, secondary: 1 },
    effects: [{ damage: { amount: 3, magical: true } }],
  }),
  catalogEntry({
    key: 'lightning-bolt',
    name: 'Lightning Bolt',
    house: 'unmaking',
    type: 'manifestation',
    target: { kind: 'minion' },
    cost: { primary: 4, secondary: 2 },
    effects: [{ damage: { amount: 6, magical: true } }],
  }),
  catalogEntry({
    key: 'fire-storm',
    name: 'Fire Storm',
    house: 'war',
    type: 'manifestation',
    // A bolt on a whole group: every minion of it takes its own run of the damage pipeline.
    target: { kind: 'group' },
    cost: { primary: 5, secondary: 2 },
    effects: [{ damage: { amount: 2, magical: true } }],
  }),
  catalogEntry({
    key: 'death-touch',
    name: 'Death Touch',
    house: 'death',
    type: 'manifestation',
    // K1: an instant-death spell — `dies` (E1 applies, so a dying-cancel can still avert it).
    target: { kind: 'minion' },
    cost: { primary: 5, secondary: 3 },
    effects: [{ destroy: { category: 'dies' } }],
  }),
  catalogEntry({
    key: 'poison',
    name: 'Poison',
    house: 'despair',
    type: 'conjuration',
    // S1: a conjuration lasting 3 turns; at each start of turn its host takes 1 magical damage (a death: `dies`).
    target: { kind: 'minion', side: 'enemy' },
    cost: { primary: 2, secondary: 2 },
    duration: 3,
    effects: [],
    triggers: [{ on: 'atStartOfTurn', do: { damage: { amount: 1, magical: true } } }],
  }),
  catalogEntry({
    key: 'wrath-of-heaven',
    name: 'Wrath of Heaven',
    house: 'justice',
    type: 'manifestation',
    // S11: only once per game; a cast that squandered does not count.
    target: { kind: 'group', side: 'enemy' },
    cost: { primary: 7, secondary: 3 },
    oncePerGame: true,
    effects: [{ damage: { amount: 4, magical: true } }],
  }),
  catalogEntry({
    key: 'flame-blade',
    name: 'Flame Blade',
    house: 'war',
    type: 'alteration',
    // K1 "kills": a weapon-related spell that inflicts "extra" points of magical damage during combat. Each blow its
    // host strikes in combat is followed by 2 magical damage to the minion hit, blamed on the host (`hits`).
    target: { kind: 'minion', side: 'friendly' },
    cost: { primary: 3, secondary: 1 },
    effects: [],
    triggers: [{ on: 'hits', do: { damage: { amount: 2, magical: true } } }],
  }),
];
