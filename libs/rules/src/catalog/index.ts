import type { SpellDefinition } from '../model/spell-definition';

/** The built-in spell catalog, by key. Filled from the catalog files; see catalog/README in spell-catalog.ts. */
export const SPELL_CATALOG: Readonly<Record<string, SpellDefinition>> = {};
