import { Injectable } from '@nestjs/common';
import { EventStore } from '@app/event-store';
import { type GameState, initialState } from '@app/rules';
import { GameRepository } from '../loading/game-repository';
import { TimeTravelService } from '../time-travel/time-travel.service';
import { EventRedactor, redactorMustStartAtOrdersPhase } from '../viewers/event-redactor';
import { type Viewer, seesTheRecord } from '../viewers/viewer';
import { gameEventAt } from '../loading/game-events.reader';
import { type GameProjection, foldGameEvents } from '../loading/game-events.fold';

/** A viewer's redactor from a state on, shown each event after it (what it shows is not kept). */
function redactorFrom(viewer: Viewer, before: GameState): GameProjection<EventRedactor> {
  return {
    initial: () => new EventRedactor(viewer, before),
    evolve: (redactor, event) => {
      redactor.view(event);
      return redactor;
    },
  };
}

/** A redactor ready for the event of revision `next` (the first one the caller will feed it). */
export interface PositionedRedactor {
  redactor: EventRedactor;
  next: number;
  /** False for the record's own view: it may skip events (a type filter in the store) and stay where it is. */
  needsEveryEvent: boolean;
}

/** Redactors that have seen what they must of a game before a given revision, for any viewer. */
@Injectable()
export class ViewerRedactors {
  constructor(
    private readonly store: EventStore,
    private readonly games: GameRepository,
    private readonly timeTravel: TimeTravelService,
  ) {}

  /**
   * A redactor for this viewer that has seen everything it must before revision `next`, which is at most one past
   * the game's last event (the caller has read where the game ends). It starts from the state just before — or,
   * inside an orders phase, from the state before that phase, and reads the phase's events up to `next`: the orders
   * given before are then released with the others when the turn executes (an SSE client that resumes mid-turn gets
   * every order of the turn). The record's own view needs nothing before, so nothing is read for it.
   */
  async at(viewer: Viewer, gameId: string, next: number): Promise<PositionedRedactor> {
    if (seesTheRecord(viewer)) {
      return { redactor: new EventRedactor(viewer, initialState()), next, needsEveryEvent: false };
    }
    const start = await this.startFor(gameId, next);
    const before = start === 0 ? initialState() : (await this.games.loadAt(gameId, start - 1)).state;
    const { state: redactor } = await foldGameEvents(this.store, gameId, redactorFrom(viewer, before), {
      from: start,
      maxCount: next - start,
    });
    return { redactor, next, needsEveryEvent: true };
  }

  private async startFor(gameId: string, revision: number): Promise<number> {
    if (revision === 0) return 0;
    const { turn, phase } = (await gameEventAt(this.store, gameId, revision - 1)).metadata;
    if (!redactorMustStartAtOrdersPhase(phase)) return revision;
    return this.timeTravel.revisionOf(gameId, { turn, phase: 'orders', edge: 'start' });
  }
}
