import { Injectable } from '@nestjs/common';
import { GamePointNotFoundError } from '../games.errors';
import { GameReads } from '../reads/game-reads.service';
import { GameTimelineService, type TimelineSegment } from '../time-travel/game-timeline.service';
import type { Viewer } from '../viewers/viewer';
import { type TurnMoves, movesOfTurns } from './move-list';

/** Turns a page of the move list holds at most (a long game's turn is a few hundred events). */
export const MOVES_PAGE_MOST = 20;

export interface MovesQuery {
  /** The first turn of the page (0: the set-up). */
  turn?: number;
  /** How many turns, at most MOVES_PAGE_MOST. */
  turns?: number;
}

/** A page of a game's move list, as one viewer sees it, and where the pages before and after it start. */
export interface MovesPage {
  gameId: string;
  /** The game's last revision when the page was read. */
  revision: number;
  /** The game's last turn so far. */
  lastTurn: number;
  turns: TurnMoves[];
  next: number | null;
  previous: number | null;
}

/**
 * The move list (issue #27): a game turn by turn, one line per order with its outcome, read a page of turns at a time
 * so that a game of a million events opens at any turn. The turns' revisions come from the timeline (the same for
 * every viewer), their events from GameReads as the viewer sees them: a line says nothing its events do not.
 */
@Injectable()
export class GameMovesService {
  constructor(
    private readonly reads: GameReads,
    private readonly timelines: GameTimelineService,
  ) {}

  async page(viewer: Viewer, gameId: string, { turn = 0, turns = 5 }: MovesQuery): Promise<MovesPage> {
    const { revision, segments } = await this.timelines.timeline(gameId);
    const lastTurn = segments.at(-1)?.turn ?? 0;
    if (turn > lastTurn) {
      throw new GamePointNotFoundError(gameId, `game ${gameId} has turns 0 to ${lastTurn}; there is no turn ${turn}`);
    }
    const count = Math.min(Math.max(turns, 1), MOVES_PAGE_MOST);
    const end = turn + count;
    const inPage = segments.filter((segment: TimelineSegment) => segment.turn >= turn && segment.turn < end);
    const first = inPage[0];
    const last = inPage.at(-1);
    const events =
      first === undefined || last === undefined
        ? []
        : (await this.reads.events(viewer, gameId, { from: first.from, to: last.to })).events;
    return {
      gameId,
      revision,
      lastTurn,
      turns: movesOfTurns(events),
      next: end <= lastTurn ? end : null,
      previous: turn > 0 ? Math.max(0, turn - count) : null,
    };
  }
}
