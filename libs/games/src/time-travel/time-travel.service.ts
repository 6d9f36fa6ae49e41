import { EventStore } from '@app/event-store';
import { Injectable } from '@nestjs/common';
import { GamePointNotFoundError } from '../games.errors';
import { GameRepository } from '../loading/game-repository';
import type { LoadedGame } from '../loading/loaded-game';
import { PHASE_ORDER, type TurnPoint, pointKey } from './game-point';
import { gameEventAt } from '../loading/game-events.reader';
import { lastRevisionOf } from '../loading/last-revision.query';

/**
 * Time travel: the state at any revision, or at the start or end of any turn and phase. Turn and phase are in
 * every event's metadata and never decrease along a stream, so a point is found by binary search over
 * revisions (a few single-event reads), then loaded from the nearest snapshot.
 */
@Injectable()
export class TimeTravelService {
  constructor(
    private readonly store: EventStore,
    private readonly games: GameRepository,
  ) {}

  stateAt(gameId: string, revision: number): Promise<LoadedGame> {
    return this.games.loadAt(gameId, revision);
  }

  async stateAtTurn(gameId: string, point: TurnPoint): Promise<LoadedGame> {
    return this.games.loadAt(gameId, await this.revisionOf(gameId, point));
  }

  /** The revision of the first (`start`) or last (`end`) event of a turn, or of one phase of it. */
  async revisionOf(gameId: string, point: TurnPoint): Promise<number> {
    const last = await lastRevisionOf(this.store, gameId);
    const keyAt = async (revision: number): Promise<number> => {
      const { turn, phase } = (await gameEventAt(this.store, gameId, revision)).metadata;
      return pointKey(turn, phase);
    };
    // First revision whose key is >= target (last + 1 if none).
    const lowerBound = async (target: number): Promise<number> => {
      let low = 0;
      let high = last + 1;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if ((await keyAt(mid)) < target) low = mid + 1;
        else high = mid;
      }
      return low;
    };
    const first = pointKey(point.turn, point.phase ?? PHASE_ORDER[0]);
    const afterLast = point.phase ? first + 1 : pointKey(point.turn + 1, PHASE_ORDER[0]);
    const from = await lowerBound(first);
    const to = (await lowerBound(afterLast)) - 1;
    if (from > to) {
      const what = point.phase ? `the ${point.phase} phase of turn ${point.turn}` : `turn ${point.turn}`;
      throw new GamePointNotFoundError(gameId, `game ${gameId} has not reached ${what}`);
    }
    return point.edge === 'start' ? from : to;
  }
}
