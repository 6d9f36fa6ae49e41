/** Counters shared by a game and the totals over all games (the `game_totals` columns, in camelCase). */
export interface GameCounters {
  events: number;
  spellsTargeted: number;
  spellsCancelled: number;
  casts: number;
  resolved: number;
  activated: number;
  squandered: number;
  /** reason → spells squandered for it. */
  squanders: Record<string, number>;
  minionsDied: number;
  groupsDied: number;
  /** death category → minions and groups that died in it. */
  deaths: Record<string, { minions: number; groups: number }>;
  damageRuns: number;
  damageKilled: number;
  damageBounced: number;
  /** Bounced at D2: the armor soaked the whole blow. */
  damageBouncedByArmor: number;
  armorSoaked: number;
  damageDealt: number;
}

export interface GameSummary extends GameCounters {
  lastRevision: number;
}

export interface SpellSummary {
  targeted: number;
  cancelled: number;
  casts: number;
  resolved: number;
  activated: number;
  squandered: number;
  squanders: Record<string, number>;
}

/** What `--once` and a stopped consumer print: the read models as JSON, keys sorted, no clock. */
export interface AnalyticsSummary {
  /** Global position of the last applied event (null: nothing yet). */
  checkpoint: number | null;
  /** Game events applied. */
  events: number;
  totals: GameCounters & { games: number };
  games: Record<string, GameSummary>;
  spells: Record<string, SpellSummary>;
}
