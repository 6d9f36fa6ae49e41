import type { RecordedEvent } from '@app/event-store';
import type {
  AnalyticsSummary,
  GameCounters,
  GameSummary,
  SpellSummary,
} from '../../../apps/analytics/src/summary/analytics-summary';

type Data = Record<string, unknown>;

const blankGame = (): GameSummary => ({
  events: 0,
  lastRevision: -1,
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
});

const blankSpell = (): SpellSummary => ({
  targeted: 0,
  cancelled: 0,
  casts: 0,
  resolved: 0,
  activated: 0,
  squandered: 0,
  squanders: {},
});

function sorted<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, record[key]]),
  );
}

/**
 * What the read models must say, counted the plain way, in memory, straight from the recorded events — written
 * independently of the projection so that the two can check each other.
 */
export function countFromEvents(all: readonly RecordedEvent[]): AnalyticsSummary {
  const events = all.filter((event) => event.stream.startsWith('game-'));
  const games = new Map<string, GameSummary>();
  const spells = new Map<string, SpellSummary>();
  const orders = new Map<string, string>();
  const spell = (key: string): SpellSummary => spells.get(key) ?? spells.set(key, blankSpell()).get(key)!;

  for (const event of events) {
    const gameId = event.stream.slice('game-'.length);
    const game = games.get(gameId) ?? games.set(gameId, blankGame()).get(gameId)!;
    const data = event.data as Data;
    const order = `${gameId} ${String(data.orderId)}`;
    game.events += 1;
    game.lastRevision = event.revision;
    switch (event.type) {
      case 'SpellTargeted':
        game.spellsTargeted += 1;
        spell(data.spell as string).targeted += 1;
        break;
      case 'SpellUntargeted':
        game.spellsCancelled += 1;
        spell(data.spell as string).cancelled += 1;
        break;
      case 'SpellExecuting':
        orders.set(order, data.spell as string);
        game.casts += 1;
        spell(data.spell as string).casts += 1;
        break;
      case 'SpellResolved':
        game.resolved += 1;
        spell(orders.get(order)!).resolved += 1;
        break;
      case 'SpellActivated':
        game.activated += 1;
        spell(data.spell as string).activated += 1;
        break;
      case 'SpellSquandered': {
        const reason = data.reason as string;
        const squandered = spell(orders.get(order)!);
        game.squandered += 1;
        game.squanders[reason] = (game.squanders[reason] ?? 0) + 1;
        squandered.squandered += 1;
        squandered.squanders[reason] = (squandered.squanders[reason] ?? 0) + 1;
        break;
      }
      case 'MinionDied':
        game.minionsDied += 1;
        (game.deaths[data.category as string] ??= { minions: 0, groups: 0 }).minions += 1;
        break;
      case 'GroupDied':
        game.groupsDied += 1;
        (game.deaths[data.category as string] ??= { minions: 0, groups: 0 }).groups += 1;
        break;
      case 'DamageResolved':
        game.damageRuns += 1;
        if (data.result === 'killed') game.damageKilled += 1;
        break;
      case 'DamageBounced':
        game.damageBounced += 1;
        if (data.step === 'D2') game.damageBouncedByArmor += 1;
        break;
      case 'ArmorSoaked':
        game.armorSoaked += data.soaked as number;
        break;
      case 'DamageApplied':
        game.damageDealt += data.amount as number;
        break;
    }
  }

  const totals: GameCounters & { games: number } = { games: games.size, ...blankGame() };
  delete (totals as Partial<GameSummary>).lastRevision;
  for (const game of games.values()) {
    for (const [key, value] of Object.entries(game)) {
      if (typeof value === 'number' && key !== 'lastRevision')
        (totals as unknown as Record<string, number>)[key] += value;
    }
    for (const [reason, n] of Object.entries(game.squanders))
      totals.squanders[reason] = (totals.squanders[reason] ?? 0) + n;
    for (const [category, d] of Object.entries(game.deaths)) {
      const sum = (totals.deaths[category] ??= { minions: 0, groups: 0 });
      sum.minions += d.minions;
      sum.groups += d.groups;
    }
  }
  for (const game of games.values()) {
    game.squanders = sorted(game.squanders);
    game.deaths = sorted(game.deaths);
  }
  for (const s of spells.values()) s.squanders = sorted(s.squanders);
  totals.squanders = sorted(totals.squanders);
  totals.deaths = sorted(totals.deaths);

  return {
    checkpoint: events.length > 0 ? events[events.length - 1].position : null,
    events: events.length,
    totals,
    games: sorted(Object.fromEntries(games)),
    spells: sorted(Object.fromEntries(spells)),
  };
}
