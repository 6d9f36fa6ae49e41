/**
 * The built-in spell catalog (docs/design.md).
 *
 * These are RULES-FAITHFUL STAND-INS FOR EACH SPELL'S DOCUMENTED DEATH CATEGORY, NOT ORIGINAL CARD TEXTS. The
 * rules pages (docs/rules.md K1, Q3–Q5, and the source pages) name these spells only as examples of how something dies or is
 * replaced; each entry gives that documented category and nothing more of the real card. Houses, types, costs,
 * stats, durations and replacement groups are the project's assumptions [A] (costs follow B6: primary+secondary
 * of the house's two mana types). The generic spells (bolts, wards, Soul Jar-style dying-cancel…) are invented
 * to exercise the pipelines.
 *
 * A game uses a catalog spell when its set-up names the key without defining it (`resolveSpells`), and a catalog
 * terrain when one of its squares names it (`resolveTerrains`); the definitions are copied into GameCreated, so a
 * recorded game never depends on a later catalog.
 */
import type { SpellDefinition, TerrainDefinition } from '../model/spell-definition';
import { DAMAGE_SPELLS } from './damage-spells.catalog';
import { PROTECTION_SPELLS } from './protection-spells.catalog';
import { REMOVAL_SPELLS } from './removal-spells.catalog';
import { REPLACEMENT_SPELLS } from './replacement-spells.catalog';
import { SUPPORT_SPELLS } from './support-spells.catalog';
import { TERRAINS } from './terrains.catalog';

/** The catalog's families, one file each. */
export const CATALOG_FAMILIES = {
  removal: REMOVAL_SPELLS,
  replacement: REPLACEMENT_SPELLS,
  damage: DAMAGE_SPELLS,
  protection: PROTECTION_SPELLS,
  support: SUPPORT_SPELLS,
} as const satisfies Record<string, readonly SpellDefinition[]>;

export type CatalogFamily = keyof typeof CATALOG_FAMILIES;

/** Freezes a definition all the way down, so no game can change the catalog through a shared reference. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The catalog by key. A null-prototype object, so that a set-up naming `toString` or `constructor` finds no
 * inherited "spell" in it (`resolveSpells` looks keys up directly).
 */
function byKey(families: Record<string, readonly SpellDefinition[]>): Record<string, SpellDefinition> {
  const catalog = Object.create(null) as Record<string, SpellDefinition>;
  for (const [family, spells] of Object.entries(families)) {
    for (const spell of spells) {
      if (catalog[spell.key] !== undefined) {
        throw new Error(`spell catalog: key "${spell.key}" (${family}) is defined twice`);
      }
      catalog[spell.key] = deepFreeze(spell);
    }
  }
  return catalog;
}

/** The built-in spell catalog, by kebab-case key (every definition's `key` equals its map key). */
export const SPELL_CATALOG: Readonly<Record<string, SpellDefinition>> = Object.freeze(byKey(CATALOG_FAMILIES));

/** Every catalog key, in family order. */
export const CATALOG_KEYS: readonly string[] = Object.freeze(Object.keys(SPELL_CATALOG));

/** The catalog definition of `key`; throws, naming the known keys, when there is none. */
export function catalogSpell(key: string): SpellDefinition {
  const spell = Object.prototype.hasOwnProperty.call(SPELL_CATALOG, key) ? SPELL_CATALOG[key] : undefined;
  if (spell === undefined) {
    throw new Error(`unknown catalog spell "${key}"; the catalog holds: ${CATALOG_KEYS.join(', ')}`);
  }
  return spell;
}

/** The built-in terrains (B5), by key: a square naming one that its set-up does not define gets this one. */
export const TERRAIN_CATALOG: Readonly<Record<string, TerrainDefinition>> = Object.freeze(
  Object.assign(
    Object.create(null) as Record<string, TerrainDefinition>,
    Object.fromEntries(TERRAINS.map((terrain) => [terrain.key, deepFreeze(terrain)])),
  ),
);
