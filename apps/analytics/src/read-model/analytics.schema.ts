import type Database from 'better-sqlite3';

/** The per-game counters of `game_totals` (each an INTEGER NOT NULL DEFAULT 0 column). */
export const GAME_COUNTERS = [
  /** SpellTargeted: spell orders given (a cancelled one counts here and in `spells_cancelled`). */
  'spells_targeted',
  /** SpellUntargeted: spell orders cancelled before execution (S4). */
  'spells_cancelled',
  /** SpellExecuting: spells cast, i.e. that reached execution and then resolved, activated or squandered. */
  'casts',
  /** SpellResolved: instants that took effect (S1). */
  'resolved',
  /** SpellActivated: alterations and conjurations that became active (S8). */
  'activated',
  /** SpellSquandered, whatever the reason (the reasons are in `game_squanders`). */
  'squandered',
  /** MinionDied, whatever the category (the categories are in `game_deaths`). */
  'minions_died',
  /** GroupDied, whatever the category. */
  'groups_died',
  /** DamageResolved: damage runs carried through D1–D5. */
  'damage_runs',
  /** DamageResolved with result `killed`. */
  'damage_killed',
  /** DamageBounced at any step (D1, D2 or D3). */
  'damage_bounced',
  /** DamageBounced at D2: blows the armor soaked entirely. */
  'damage_bounced_by_armor',
  /** Sum of ArmorSoaked.soaked. */
  'armor_soaked',
  /** Sum of DamageApplied.amount. */
  'damage_dealt',
] as const;
export type GameCounter = (typeof GAME_COUNTERS)[number];

/** The per-spell counters of `spell_totals`. */
export const SPELL_COUNTERS = ['targeted', 'cancelled', 'casts', 'resolved', 'activated', 'squandered'] as const;
export type SpellCounter = (typeof SPELL_COUNTERS)[number];

/** The name under which this consumer's checkpoint is stored (a file could hold other projections' too). */
export const PROJECTION_NAME = 'sanctum-analytics';

const counters = (names: readonly string[]): string =>
  names.map((name) => `  ${name} INTEGER NOT NULL DEFAULT 0`).join(',\n');

/**
 * The read models. Every write happens in the transaction that also moves `checkpoints.position`, so after a
 * crash the tables and the checkpoint always agree: that is the whole exactly-once argument.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS checkpoints (
  projection TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  events INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS game_totals (
  game_id TEXT PRIMARY KEY,
  events INTEGER NOT NULL DEFAULT 0,
  last_revision INTEGER NOT NULL DEFAULT -1,
${counters(GAME_COUNTERS)}
);
CREATE TABLE IF NOT EXISTS game_squanders (
  game_id TEXT NOT NULL,
  reason TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, reason)
);
CREATE TABLE IF NOT EXISTS game_deaths (
  game_id TEXT NOT NULL,
  category TEXT NOT NULL,
  minions_died INTEGER NOT NULL DEFAULT 0,
  groups_died INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, category)
);
CREATE TABLE IF NOT EXISTS spell_totals (
  spell TEXT PRIMARY KEY,
${counters(SPELL_COUNTERS)}
);
CREATE TABLE IF NOT EXISTS spell_squanders (
  spell TEXT NOT NULL,
  reason TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (spell, reason)
);
CREATE TABLE IF NOT EXISTS order_spells (
  game_id TEXT NOT NULL,
  order_id TEXT NOT NULL,
  spell TEXT NOT NULL,
  player TEXT NOT NULL,
  PRIMARY KEY (game_id, order_id)
);
`;

export function applyAnalyticsSchema(db: Database.Database): void {
  db.exec(SCHEMA);
}
