import type { MinionSpec, SpellDefinition } from '../model/spell-definition';

/**
 * What a catalog entry must state; the flags every ordinary spell shares default here, so each family file only
 * writes what sets a spell apart. The result is a complete SpellDefinition (docs/testing.md "Expectation files").
 */
export type CatalogEntry = Omit<SpellDefinition, 'visible' | 'cumulative' | 'oncePerGame' | 'triggers'> &
  Partial<Pick<SpellDefinition, 'visible' | 'cumulative' | 'oncePerGame' | 'triggers'>>;

/** A complete spell definition: visible, non-cumulative, castable more than once per game, no triggers, unless said. */
export function catalogEntry(entry: CatalogEntry): SpellDefinition {
  const { key, name, house, type, target, cost, duration, effects } = entry;
  return {
    key,
    name,
    house,
    type,
    target,
    cost,
    visible: entry.visible ?? true,
    cumulative: entry.cumulative ?? false,
    oncePerGame: entry.oncePerGame ?? false,
    ...(duration === undefined ? {} : { duration }),
    effects,
    triggers: entry.triggers ?? [],
    ...(entry.hostCannotBeTargetedBy === undefined ? {} : { hostCannotBeTargetedBy: entry.hostCannotBeTargetedBy }),
    ...(entry.movesToReplacement === undefined ? {} : { movesToReplacement: entry.movesToReplacement }),
  };
}

/** A recruit (B3) as a replacement or summoning creates it: without id, the engine gives one. */
export function recruit(cls: 'swordsman' | 'archer', stats: { hp: number; armor: number; damage: number }): MinionSpec {
  return {
    kind: 'recruit',
    class: cls,
    hp: stats.hp,
    armor: stats.armor,
    attacks: [{ kind: cls === 'archer' ? 'missile' : 'hand', damage: stats.damage }],
  };
}

/** A monster (B3) as a replacement or summoning creates it. */
export function monster(
  cls: string,
  stats: { hp: number; armor: number; damage: number; kind?: 'hand' | 'missile' },
): MinionSpec {
  return {
    kind: 'monster',
    class: cls,
    hp: stats.hp,
    armor: stats.armor,
    attacks: [{ kind: stats.kind ?? 'hand', damage: stats.damage }],
  };
}

/** `count` copies of one minion (a replacement group, B4: 1–8 minions of one kind). */
export function times(count: number, minion: MinionSpec): MinionSpec[] {
  return Array.from({ length: count }, () => ({ ...minion, attacks: minion.attacks.map((attack) => ({ ...attack })) }));
}
