import type Database from 'better-sqlite3';
import { PROJECTION_NAME } from '../read-model/analytics.schema';
import type { AnalyticsSummary, GameCounters, GameSummary, SpellSummary } from './analytics-summary';

interface GameRow {
  game_id: string;
  events: number;
  last_revision: number;
  spells_targeted: number;
  spells_cancelled: number;
  casts: number;
  resolved: number;
  activated: number;
  squandered: number;
  minions_died: number;
  groups_died: number;
  damage_runs: number;
  damage_killed: number;
  damage_bounced: number;
  damage_bounced_by_armor: number;
  armor_soaked: number;
  damage_dealt: number;
}

interface SpellRow {
  spell: string;
  targeted: number;
  cancelled: number;
  casts: number;
  resolved: number;
  activated: number;
  squandered: number;
}

function emptyCounters(): GameCounters {
  return {
    events: 0,
    spellsTargeted: 0,
    spellsCancelled: 0,
    casts: 0,
    resolved: 0,
    activated: 0,
    squandered: 0,
    squanders: {},
    minionsDied: 0,
    groupsDied: 0,
    deaths: {},
    damageRuns: 0,
    damageKilled: 0,
    damageBounced: 0,
    damageBouncedByArmor: 0,
    armorSoaked: 0,
    damageDealt: 0,
  };
}

function gameSummary(row: GameRow): GameSummary {
  return {
    ...emptyCounters(),
    events: row.events,
    lastRevision: row.last_revision,
    spellsTargeted: row.spells_targeted,
    spellsCancelled: row.spells_cancelled,
    casts: row.casts,
    resolved: row.resolved,
    activated: row.activated,
    squandered: row.squandered,
    minionsDied: row.minions_died,
    groupsDied: row.groups_died,
    damageRuns: row.damage_runs,
    damageKilled: row.damage_killed,
    damageBounced: row.damage_bounced,
    damageBouncedByArmor: row.damage_bounced_by_armor,
    armorSoaked: row.armor_soaked,
    damageDealt: row.damage_dealt,
  };
}

const NUMERIC_COUNTERS = [
  'events',
  'spellsTargeted',
  'spellsCancelled',
  'casts',
  'resolved',
  'activated',
  'squandered',
  'minionsDied',
  'groupsDied',
  'damageRuns',
  'damageKilled',
  'damageBounced',
  'damageBouncedByArmor',
  'armorSoaked',
  'damageDealt',
] as const satisfies readonly (keyof GameCounters)[];

function addTo(totals: GameCounters, game: GameCounters): void {
  for (const key of NUMERIC_COUNTERS) totals[key] += game[key];
  for (const [reason, n] of Object.entries(game.squanders))
    totals.squanders[reason] = (totals.squanders[reason] ?? 0) + n;
  for (const [category, d] of Object.entries(game.deaths)) {
    const sum = (totals.deaths[category] ??= { minions: 0, groups: 0 });
    sum.minions += d.minions;
    sum.groups += d.groups;
  }
}

/** Reads the whole read model in one transaction (a consistent view even while the consumer keeps writing). */
export function readAnalyticsSummary(db: Database.Database): AnalyticsSummary {
  return db.transaction((): AnalyticsSummary => {
    const checkpoint = db
      .prepare<[string], { position: number; events: number }>(
        'SELECT position, events FROM checkpoints WHERE projection = ?',
      )
      .get(PROJECTION_NAME);
    const games: Record<string, GameSummary> = {};
    for (const row of db.prepare<[], GameRow>('SELECT * FROM game_totals ORDER BY game_id').all()) {
      games[row.game_id] = gameSummary(row);
    }
    const squanders = db
      .prepare<[], { game_id: string; reason: string; count: number }>(
        'SELECT game_id, reason, count FROM game_squanders ORDER BY game_id, reason',
      )
      .all();
    // Every row of a game's squanders and deaths is written with its game_totals row (ReadModelsProjection.apply).
    for (const { game_id, reason, count } of squanders) {
      const game = games[game_id];
      if (game !== undefined) game.squanders[reason] = count;
    }
    const deaths = db
      .prepare<[], { game_id: string; category: string; minions_died: number; groups_died: number }>(
        'SELECT game_id, category, minions_died, groups_died FROM game_deaths ORDER BY game_id, category',
      )
      .all();
    for (const d of deaths) {
      const game = games[d.game_id];
      if (game !== undefined) game.deaths[d.category] = { minions: d.minions_died, groups: d.groups_died };
    }

    const spells: Record<string, SpellSummary> = {};
    for (const { spell, ...counts } of db.prepare<[], SpellRow>('SELECT * FROM spell_totals ORDER BY spell').all()) {
      spells[spell] = { ...counts, squanders: {} };
    }
    const spellSquanders = db
      .prepare<[], { spell: string; reason: string; count: number }>(
        'SELECT spell, reason, count FROM spell_squanders ORDER BY spell, reason',
      )
      .all();
    for (const { spell, reason, count } of spellSquanders) {
      const summary = spells[spell];
      if (summary !== undefined) summary.squanders[reason] = count;
    }

    const totals = { games: Object.keys(games).length, ...emptyCounters() };
    for (const game of Object.values(games)) addTo(totals, game);
    totals.squanders = sortedKeys(totals.squanders);
    totals.deaths = sortedKeys(totals.deaths);
    return { checkpoint: checkpoint?.position ?? null, events: checkpoint?.events ?? 0, totals, games, spells };
  })();
}

function sortedKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
