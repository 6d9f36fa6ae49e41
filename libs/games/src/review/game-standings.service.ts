import { Injectable } from '@nestjs/common';
import { isColour, type Colour, type GameResult } from '@app/rules';
import { RecentEntriesCache } from '../caching/recent-entries.cache';
import { GameReads } from '../reads/game-reads.service';
import { GameTimelineService, type TimelineSegment } from '../time-travel/game-timeline.service';
import type { ViewedState } from '../viewers/state-redactor';
import type { Viewer } from '../viewers/viewer';

/**
 * One side at a moment: its living minions, their HP in total, and its mana (every type together) — null where the
 * viewer may not see that side's pool (a player's pool is its own).
 */
export interface SideStandings {
  minions: number;
  hp: number;
  mana: number | null;
}

/** The sides at the end of a turn (turn 0: right after the set-up), or now, in a turn under way. */
export interface StandingsPoint {
  turn: number;
  revision: number;
  /** True for the point of a turn under way (the game's last revision), which later events move on. */
  now: boolean;
  red: SideStandings;
  blue: SideStandings;
}

/** Who is ahead, turn by turn: a read model drawn from the states a viewer may see. */
export interface GameStandings {
  gameId: string;
  revision: number;
  /** Every how many turns a point is taken (1 unless the game has more turns than a strip shows). */
  every: number;
  points: StandingsPoint[];
  result: GameResult | null;
}

/** Points a strip holds at most: a longer game is sampled every few turns (and always its last turn). */
export const STANDINGS_MOST_POINTS = 240;
/** Games and views whose points are kept (a state at a revision never changes for a viewer). */
const KEPT_VIEWS = 64;

type ViewedMinion = { owner?: unknown; hp?: unknown; status?: unknown; groupId?: unknown };
type ViewedPlayer = { mana?: Record<string, unknown> };

/** Each side's standing in a state as a viewer sees it: what the board and the pools show it. */
export function standingsOfState(state: ViewedState): Record<Colour, SideStandings> {
  const sides: Record<Colour, SideStandings> = {
    red: { minions: 0, hp: 0, mana: 0 },
    blue: { minions: 0, hp: 0, mana: 0 },
  };
  for (const minion of Object.values((state.minions ?? {}) as Record<string, ViewedMinion>)) {
    if (!isColour(minion.owner) || minion.status !== 'alive' || minion.groupId === null) continue;
    sides[minion.owner].minions += 1;
    sides[minion.owner].hp += Number(minion.hp ?? 0);
  }
  const players = (state.players ?? {}) as Record<string, ViewedPlayer>;
  for (const colour of ['red', 'blue'] as const) {
    const pool = players[colour]?.mana;
    sides[colour].mana =
      pool === undefined ? null : Object.values(pool).reduce<number>((n, a) => n + Number(a ?? 0), 0);
  }
  return sides;
}

interface PointAt {
  turn: number;
  revision: number;
  now: boolean;
}

/**
 * The revisions the points are taken at: the set-up, then each turn's end (every `every`th turn of a long game, and
 * always the last), then now when the game is in a turn that has not ended. A turn's end is its
 * GarbageCollectionScheduled, the last event of the command that executed the turn: where the command service saves
 * a snapshot (snapshot.policy.ts), so a point costs a snapshot's load, not a fold; nothing of the board changes from
 * the TurnEnded to it.
 */
function pointsAt(segments: readonly TimelineSegment[], last: number): { every: number; points: PointAt[] } {
  const ends: PointAt[] = [];
  for (const segment of segments) {
    if (segment.phase === 'garbageCollection') ends.push({ turn: segment.turn, revision: segment.from, now: false });
  }
  const every = Math.max(1, Math.ceil(ends.length / STANDINGS_MOST_POINTS));
  const points: PointAt[] = [{ turn: 0, revision: 0, now: false }];
  ends.forEach((end, i) => {
    if (end.turn % every === 0 || i === ends.length - 1) points.push(end);
  });
  const current = segments.at(-1);
  // A game rests at a turn's end only in its collection (the turn's TurnEnded and GarbageCollectionScheduled are one
  // command's events).
  if (current !== undefined && current.turn > 0 && current.phase !== 'garbageCollection') {
    points.push({ turn: current.turn, revision: last, now: true });
  }
  return { every, points };
}

/**
 * Who is ahead (issue #27): minions, total HP and mana per side at the end of every turn, read from the states the
 * viewer may see (GameReads, through its redactor: a side's mana in an orders phase is the viewer's to see or not),
 * and the result once the game has ended. A game of thousands of turns is sampled (STANDINGS_MOST_POINTS); points
 * are kept per game and view, so a long game's strip costs its states once.
 */
@Injectable()
export class GameStandingsService {
  private readonly kept = new RecentEntriesCache<string, Map<number, Record<Colour, SideStandings>>>(KEPT_VIEWS);

  constructor(
    private readonly reads: GameReads,
    private readonly timelines: GameTimelineService,
  ) {}

  async standings(viewer: Viewer, gameId: string): Promise<GameStandings> {
    const { revision, segments } = await this.timelines.timeline(gameId);
    const key = `${gameId}\n${viewer.role === 'player' ? viewer.colour : viewer.role}`;
    const known = this.kept.get(key) ?? new Map<number, Record<Colour, SideStandings>>();
    this.kept.remember(key, known);
    const { every, points: wanted } = pointsAt(segments, revision);
    const points: StandingsPoint[] = [];
    for (const { turn, revision: at, now } of wanted) {
      let sides = known.get(at);
      if (sides === undefined) {
        sides = standingsOfState((await this.reads.state(viewer, gameId, { at })).state);
        // A point of a turn under way moves on with the game: only turn ends are kept.
        if (!now) known.set(at, sides);
      }
      points.push({ turn, revision: at, now, ...sides });
    }
    const result = await this.reads.resultAt(gameId, revision);
    return { gameId, revision, every, points, result };
  }
}
