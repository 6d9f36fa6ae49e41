/** B6: six mana types in three opposed pairs. The order of this list is the key order of every mana object. */
export const MANA_TYPES = ['order', 'strife', 'clarity', 'mystery', 'will', 'world'] as const;
export type ManaType = (typeof MANA_TYPES)[number];
export type ManaPool = Record<ManaType, number>;

/** B6: the twelve houses and their (primary, secondary) mana types [book]. */
export const HOUSE_MANA = {
  abomination: ['will', 'strife'],
  body: ['world', 'mystery'],
  death: ['mystery', 'will'],
  despair: ['mystery', 'strife'],
  hope: ['clarity', 'order'],
  justice: ['order', 'mystery'],
  life: ['clarity', 'world'],
  making: ['order', 'will'],
  mind: ['will', 'clarity'],
  nature: ['world', 'order'],
  unmaking: ['strife', 'world'],
  war: ['strife', 'clarity'],
} as const satisfies Record<string, readonly [ManaType, ManaType]>;
export type House = keyof typeof HOUSE_MANA;
export const HOUSES = Object.keys(HOUSE_MANA) as House[];

export interface SpellCost {
  primary: number;
  secondary: number;
}

export function emptyPool(): ManaPool {
  return { order: 0, strife: 0, clarity: 0, mystery: 0, will: 0, world: 0 };
}

/** Any partial mana object as a full pool in canonical key order. */
export function toPool(partial: Partial<Record<ManaType, number>> | undefined): ManaPool {
  const pool = emptyPool();
  for (const type of MANA_TYPES) pool[type] = partial?.[type] ?? 0;
  return pool;
}

/** B6: a spell's cost uses only its house's two mana types, primary then secondary. */
export function costInMana(house: House, cost: SpellCost): ManaPool {
  const [primary, secondary] = HOUSE_MANA[house];
  const pool = emptyPool();
  pool[primary] += cost.primary;
  pool[secondary] += cost.secondary;
  return pool;
}

// The six types written out rather than looped over MANA_TYPES: a property read by a computed name that changes
// every iteration is a slow generic lookup, and these run for every order, cast and turn.

export function canAfford(pool: ManaPool, cost: ManaPool): boolean {
  return (
    pool.order >= cost.order &&
    pool.strife >= cost.strife &&
    pool.clarity >= cost.clarity &&
    pool.mystery >= cost.mystery &&
    pool.will >= cost.will &&
    pool.world >= cost.world
  );
}

export function addPools(a: ManaPool, b: ManaPool, sign: 1 | -1 = 1): ManaPool {
  return {
    order: a.order + sign * b.order,
    strife: a.strife + sign * b.strife,
    clarity: a.clarity + sign * b.clarity,
    mystery: a.mystery + sign * b.mystery,
    will: a.will + sign * b.will,
    world: a.world + sign * b.world,
  };
}
