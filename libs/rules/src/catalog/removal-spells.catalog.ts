import type { SpellDefinition } from '../model/spell-definition';
import { catalogEntry } from './catalog-entry';

/**
 * Q5, K1 "removed from the game": no effect applies — no "is dying", no "when killed", no "when dies". Every
 * minion starts its death at E2 (E0), is buried (E3) and its group dies with category `removed` (B4). Spells
 * targeted later that turn on the minion or group squander (`target-removed`, Q2).
 *
 * All are stand-ins: the pages name these spells only as examples of the category. The first five remove at once.
 * The three that need the board remove only in the outcome the pages name, through a hook of the spell itself:
 * Jumping Land as it expires (its mountain lands on the square), Boardhop when dispelled with a group inside it,
 * Moonwalking when it fails to set its group down (movement.actions.ts, spell-hooks.ts).
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
    type: 'conjuration',
    // "Jumping Land's mountain lands on you": a square conjuration (on an empty square, S10) whose mountain lands as
    // it expires, at the next start of turn: every group that came onto the square meanwhile is removed (S1 hook).
    target: { kind: 'square' },
    cost: { primary: 5, secondary: 3 },
    duration: 1,
    effects: [],
    triggers: [{ on: 'whenExpires', do: { destroy: { category: 'removed' } } }],
  }),
  catalogEntry({
    key: 'boardhop',
    name: 'Boardhop',
    house: 'mind',
    type: 'conjuration',
    // "Boardhop spell is dispelled with a group still inside": it takes its group inside itself, off the board,
    // until it expires at the next start of turn and sets the group down again; dispelled before that, the group
    // inside is removed from the game (S9 hook).
    target: { kind: 'group', side: 'friendly' },
    cost: { primary: 3, secondary: 3 },
    duration: 1,
    effects: [{ takeInside: {} }],
    triggers: [{ on: 'whenDispelled', do: { destroy: { category: 'removed' } } }],
  }),
  catalogEntry({
    key: 'moonwalking',
    name: 'Moonwalking',
    house: 'body',
    type: 'conjuration',
    // "Moonwalking fails": the group walks the moon (inside the spell) until the next start of turn; if it cannot
    // come down on its square then (another group of its owner stands there), the spell fails and the group is
    // removed from the game (its failure hook).
    target: { kind: 'group', side: 'friendly' },
    cost: { primary: 4, secondary: 3 },
    duration: 1,
    effects: [{ takeInside: {} }],
    triggers: [{ on: 'whenFails', do: { destroy: { category: 'removed' } } }],
  }),
];
