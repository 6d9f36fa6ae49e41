import { Injectable } from '@nestjs/common';
import { EventStore } from '@app/event-store';
import { type Phase, initialState } from '@app/rules';
import { gameStream } from '../game-stream';
import { GameRepository } from '../loading/game-repository';
import { storedGameEvent } from '../recording/stored-game-event';
import { TimeTravelService } from '../time-travel/time-travel.service';
import { EventRedactor, redactorMustStartAtOrdersPhase } from '../viewers/event-redactor';
import { type Viewer, seesTheRecord } from '../viewers/viewer';
import { storedEventAt } from '../loading/stored-event-at';

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
    const redactor = new EventRedactor(viewer, before);
    if (start < next) {
      for await (const page of this.store.readStreamPages(gameStream(gameId), {
        from: start,
        maxCount: next - start,
      })) {
        for (const event of page) redactor.view(storedGameEvent(event));
      }
    }
    return { redactor, next, needsEveryEvent: true };
  }

  private async startFor(gameId: string, revision: number): Promise<number> {
    if (revision === 0) return 0;
    const previous = await storedEventAt(this.store, gameStream(gameId), revision - 1);
    const { turn, phase } = previous.metadata as { turn: number; phase: Phase };
    if (!redactorMustStartAtOrdersPhase(phase)) return revision;
    return this.timeTravel.revisionOf(gameId, { turn: Number(turn), phase: 'orders', edge: 'start' });
  }
}
