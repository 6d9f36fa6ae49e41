import type { SpellDefinition } from '../model/spell-definition';
import { catalogEntry } from './catalog-entry';

/**
 * Q5, K1 "removed from the game": no effect applies — no "is dying", no "when killed", no "when dies". Every
 * minion starts its death at E2 (E0), is buried (E3) and its group dies with category `removed` (B4). Spells
 * targeted later that turn on the minion or group squander (`target-removed`, Q2).
 *
 * All are stand-ins: the pages name these spells only as examples of the category. Where the real spell removes
 * only in one of its outcomes (Jumping Land, Boardhop, Moonwalking), the stand-in is that outcome, made instant.
 */
export const REMOVAL_SPELLS: readonly SpellDefinition[] = [
  catalogEntry({
    key: 'void',
    name: 'Void',
    house: 'despair',
    type: 'manifestation',
    target: { kind: 'group' },
    cost: { primary: 6, secondary: 3 },
    effects: [{ destroy: { category: 'removed' } }],
  }),
  catalogEntry({
    key: 'ascension',
    name: 'Ascension',
    house: 'hope',
    type: 'manifestation',
    // Stand-in: one minion ascends and leaves the game (the only minion-targeted removal here).
    target: { kind: 'minion' },
    cost: { primary: 4, secondary: 2 },
    effects: [{ destroy: { category: 'removed' } }],
  }),
  catalogEntry({
    key: 'cessao-spiral',
    name: 'Cessao Spiral',
    house: 'mind',
    type: 'manifestation',
    target: { kind: 'group' },
    cost: { primary: 5, secondary: 3 },
    effects: [{ destroy: { category: 'removed' } }],
  }),
  catalogEntry({
    key: 'dryads-favors',
    name: "Dryad's Favors",
    house: 'nature',
    type: 'manifestation',
    target: { kind: 'group' },
    cost: { primary: 4, secondary: 2 },
    effects: [{ destroy: { category: 'removed' } }],
  }),
  catalogEntry({
    key: 'shifting-sands',
    name: 'Shifting Sands',
    house: 'unmaking',
    type: 'manifestation',
    target: { kind: 'group' },
    cost: { primary: 5, secondary: 2 },
    effects: [{ destroy: { category: 'removed' } }],
  }),
  catalogEntry({
    key: 'jumping-land',
    name: 'Jumping Land',
    house: 'nature',
    type: 'manifestation',
    // Stand-in: the real spell is terrain whose mountain may land on a group; this is the landing, on a group.
    target: { kind: 'group' },
    cost: { primary: 5, secondary: 3 },
    effects: [{ destroy: { category: 'removed' } }],
  }),
  catalogEntry({
    key: 'boardhop',
    name: 'Boardhop',
    house: 'mind',
    type: 'manifestation',
    // Stand-in: the real spell removes a group only when it is dispelled with the group still inside; the
    // stand-in is that outcome at once (the engine has no "when dispelled" hook).
    target: { kind: 'group' },
    cost: { primary: 3, secondary: 3 },
    effects: [{ destroy: { category: 'removed' } }],
  }),
  catalogEntry({
    key: 'moonwalking',
    name: 'Moonwalking',
    house: 'body',
    type: 'manifestation',
    // Stand-in: the failed case only — the group is removed from the game.
    target: { kind: 'group' },
    cost: { primary: 4, secondary: 3 },
    effects: [{ destroy: { category: 'removed' } }],
  }),
];
