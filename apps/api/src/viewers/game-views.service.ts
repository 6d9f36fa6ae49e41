import { Injectable } from '@nestjs/common';
import { EventStore } from '@app/event-store';
import {
  EventRedactor,
  GameRepository,
  TimeTravelService,
  type ViewedEventLine,
  type ViewedState,
  type Viewer,
  gameStream,
  redactorMustStartAtOrdersPhase,
  toEventLine,
  viewState,
  viewedOfTypes,
} from '@app/games';
import { type GameState, type Phase, initialState } from '@app/rules';
import { type GameEventsRange, GameEventsReader } from '../events/game-events.reader';

/** One page of a game's events as a viewer sees them; `next` is the first revision the page did not read. */
export interface ViewedEventPage {
  events: ViewedEventLine[];
  next: number | null;
}

/** A redactor ready for the event of revision `next` (the first one the caller will feed it). */
export interface PositionedRedactor {
  redactor: EventRedactor;
  next: number;
}

/**
 * Every read of a game goes through here for anyone but the organiser: the viewer rules of libs/games (one
 * redactor for events, one for states) fed from the store. Event lists, both event streams, and states now or in
 * the past all answer alike.
 */
@Injectable()
export class GameViews {
  constructor(
    private readonly store: EventStore,
    private readonly games: GameRepository,
    private readonly timeTravel: TimeTravelService,
    private readonly events: GameEventsReader,
  ) {}

  state(state: GameState, viewer: Viewer): ViewedState {
    return viewState(state, viewer);
  }

  /**
   * At most `limit` revisions from `from` (within `to` and the game's end), as this viewer sees them, and where the
   * next page starts (null once the range is read). A page costs what it reads, wherever it starts.
   */
  async eventPage(
    viewer: Viewer,
    gameId: string,
    { from = 0, to, types }: GameEventsRange,
    limit: number,
  ): Promise<ViewedEventPage> {
    const last = await this.events.lastRevision(gameId);
    const end = Math.min(to ?? last, last);
    if (from > end) return { events: [], next: null };
    const stop = Math.min(end, from + limit - 1);
    const events = await this.eventLines(viewer, gameId, { from, to: stop, types });
    return { events, next: stop < end ? stop + 1 : null };
  }

  /** `GET /games/:id/events` as this viewer sees it. */
  async eventLines(
    viewer: Viewer,
    gameId: string,
    { from = 0, to, types }: GameEventsRange,
  ): Promise<ViewedEventLine[]> {
    if (viewer.role === 'organiser') return this.events.read(gameId, { from, to, types });
    const last = await this.events.lastRevision(gameId);
    const end = Math.min(to ?? last, last);
    if (from > end) return [];
    const { redactor, next } = await this.redactorAt(viewer, gameId, from);
    const wanted = types === undefined ? undefined : new Set(types);
    const lines: ViewedEventLine[] = [];
    for await (const page of this.store.readStreamPages(gameStream(gameId), { from: next, maxCount: end - next + 1 })) {
      for (const event of page) {
        const viewed = viewedOfTypes(redactor.view(toEventLine(event)), wanted);
        if (viewed !== null) lines.push(viewed);
      }
    }
    return lines;
  }

  /**
   * A redactor for this viewer that has seen everything it must before `revision` (clamped to one past the last
   * event). It starts from the state just before — or, inside an orders phase, from the state before that phase,
   * and reads the phase's events up to `revision`: the orders given before are then released with the others when
   * the turn executes (an SSE client that resumes mid-turn gets every order of the turn).
   */
  async redactorAt(viewer: Viewer, gameId: string, revision: number): Promise<PositionedRedactor> {
    const last = await this.events.lastRevision(gameId);
    const next = Math.min(revision, last + 1);
    const start = await this.startFor(gameId, next);
    const before = start === 0 ? initialState() : (await this.games.loadAt(gameId, start - 1)).state;
    const redactor = new EventRedactor(viewer, before);
    if (start < next) {
      for await (const page of this.store.readStreamPages(gameStream(gameId), {
        from: start,
        maxCount: next - start,
      })) {
        for (const event of page) redactor.view(toEventLine(event));
      }
    }
    return { redactor, next };
  }

  private async startFor(gameId: string, revision: number): Promise<number> {
    if (revision === 0) return 0;
    const [previous] = await this.store.readStream(gameStream(gameId), { from: revision - 1, maxCount: 1 });
    const { turn, phase } = previous.metadata as { turn: number; phase: Phase };
    if (!redactorMustStartAtOrdersPhase(phase)) return revision;
    return this.timeTravel.revisionOf(gameId, { turn: Number(turn), phase: 'orders', edge: 'start' });
  }
}
