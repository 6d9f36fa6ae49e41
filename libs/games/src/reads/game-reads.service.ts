import { Injectable } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { CheckpointAheadOfStoreError, EventStore, type RecordedEvent } from '@app/event-store';
import type { GameResult, Phase } from '@app/rules';
import { gameResultAt } from '../game-end/game-result-at';
import { GAME_STREAM_PREFIX, gameStream } from '../game-stream';
import { GameRepository } from '../loading/game-repository';
import type { LoadedGame } from '../loading/loaded-game';
import { type GlobalEventLine } from '../recording/game-event-line';
import { storedGameEvent } from '../recording/stored-game-event';
import { RevisionSequence, gameEventPages } from '../loading/game-events.reader';
import { TimeTravelService } from '../time-travel/time-travel.service';
import { type Caller, callerSeesTheRecord } from '../viewers/caller';
import { type ViewedEventLine, viewedOfTypes } from '../viewers/event-redactor';
import { type ViewedState, viewState } from '../viewers/state-redactor';
import { type Viewer, seesTheRecord } from '../viewers/viewer';
import { type GameSummary, readGameSummaries } from './game-summaries';
import { type CaughtUp, catchUpThenLive } from './catch-up-then-live';
import { GlobalViewing } from './global-viewing';
import { type GameFacts, GameFactsReader } from './game-facts';
import { type EventFilter, viewedMatching } from './event-filter';
import { ViewerRedactors } from './viewer-redactors';
import { lastRevisionOf } from '../loading/last-revision.query';

export interface GameEventsRange extends EventFilter {
  from?: number;
  to?: number;
  types?: string[];
}

/** A game's events as a viewer sees them; `next` is the first revision a page did not read (null once all is read). */
export interface ViewedEventPage {
  events: ViewedEventLine[];
  next: number | null;
}

/** Where to take a state: after a revision, at the start or end of a turn (or phase), or now when none is given. */
export interface GameStatePoint {
  at?: number;
  turn?: number;
  phase?: Phase;
  edge?: 'start' | 'end';
}

export interface ViewedGameState {
  revision: number;
  state: ViewedState;
}

export interface GlobalEventsRange {
  after?: number;
  limit: number;
  gameId?: string;
  types?: string[];
}

export interface GlobalEventsPage {
  events: GlobalEventLine[];
  lastPosition: number | null;
  more: boolean;
}

/**
 * Every read of the service's games, for every door (event lists, pages, both event streams, states now or in the
 * past, the game list): each event and state leaves through a viewer's redactor (docs/design.md), the organiser's
 * being the one that changes nothing. What differs for the record's own view is only how much can be left to the
 * store: nothing before a range needs reading, and a type filter can be applied there.
 */
@Injectable()
export class GameReads {
  private readonly facts: GameFactsReader;

  constructor(
    private readonly store: EventStore,
    private readonly games: GameRepository,
    private readonly timeTravel: TimeTravelService,
    private readonly redactors: ViewerRedactors,
  ) {
    this.facts = new GameFactsReader(store);
  }

  /** Throws GameNotFoundError for a game that does not exist; returns its last revision. */
  async lastRevision(gameId: string): Promise<number> {
    return lastRevisionOf(this.store, gameId);
  }

  async exists(gameId: string): Promise<boolean> {
    return (await this.store.streamRevision(gameStream(gameId))) !== null;
  }

  /**
   * The revisions from `from` to `to` (within the game's end) as this viewer sees them; with `limit`, at most that
   * many and where the next page starts. A page costs what it reads, wherever it starts.
   */
  async events(viewer: Viewer, gameId: string, range: GameEventsRange, limit?: number): Promise<ViewedEventPage> {
    const { from = 0, to, types, minion, player, rule } = range;
    const filter: EventFilter = { minion, player, rule };
    const last = await this.lastRevision(gameId);
    const end = Math.min(to ?? last, last);
    if (from > end) return { events: [], next: null };
    const stop = limit === undefined ? end : Math.min(end, from + limit - 1);
    const { redactor, next } = await this.redactors.at(viewer, gameId, from);
    const wanted = wantedOf(types);
    const events: ViewedEventLine[] = [];
    for await (const page of gameEventPages(this.store, gameId, { from: next, maxCount: stop - next + 1 })) {
      for (const event of page) {
        const viewed = viewedOfTypes(redactor.view(event), wanted);
        const found = viewed === null ? null : viewedMatching(viewed, filter);
        if (found !== null) events.push(found);
      }
    }
    return { events, next: stop < end ? stop + 1 : null };
  }

  /** The state at a point of the game (see GameStatePoint), as this viewer may see it. */
  async state(viewer: Viewer, gameId: string, point: GameStatePoint): Promise<ViewedGameState> {
    const game = await this.load(gameId, point);
    return { revision: game.revision, state: viewState(game.state, viewer) };
  }

  /**
   * One game's events after `afterRevision` (exclusive; all when undefined), stored then live, as this viewer sees
   * them. The redactor is prepared first (a resume mid-turn reads that turn's earlier orders, to release them with
   * the others); every event then goes through it, in order, and `types` filters what it shows. A CaughtUp (the
   * revision reached) comes between the stored events and the live ones.
   */
  async subscribe(
    viewer: Viewer,
    gameId: string,
    afterRevision: number | undefined,
    types?: string[],
  ): Promise<Observable<ViewedEventLine | CaughtUp>> {
    const first = afterRevision === undefined ? 0 : afterRevision + 1;
    const last = await this.lastRevision(gameId);
    // A checkpoint past the game's end was never sent by this stream, or the store lost the events after `last`
    // (a failover): waiting for revision `first` would skip whatever is recorded under the revisions between.
    if (first > last + 1) throw new CheckpointAheadOfStoreError(first - 1, last, 'revision', gameStream(gameId));
    const { redactor, next } = await this.redactors.at(viewer, gameId, Math.min(first, last + 1));
    const wanted = wantedOf(types);
    const eventTypes = storeTypes(seesTheRecord(viewer), types);
    const stream = gameStream(gameId);
    return catchUpThenLive<ViewedEventLine>(
      () => {
        const reads = this.store.catchUpReads();
        // Unfiltered, every revision arrives, so a missing one is seen; the store's type filter leaves gaps of its own.
        const revisions = eventTypes === undefined ? new RevisionSequence(stream, { from: next }) : null;
        return {
          readPage: (after, limit) =>
            reads.readStream(stream, { from: after === undefined ? 0 : after + 1, maxCount: limit }),
          live: (after) =>
            this.store.subscribe({
              stream,
              fromRevision: after,
              filter: eventTypes === undefined ? undefined : { eventTypes },
            }),
          checkpointOf: (event) => event.revision,
          view: (event) => {
            const viewed = redactor.view(revisions?.next(event) ?? storedGameEvent(event));
            return event.revision < first ? null : viewedOfTypes(viewed, wanted);
          },
          floor: afterRevision,
        };
      },
      next === 0 ? undefined : next - 1,
    );
  }

  /** Throws UnknownPositionError or CheckpointAheadOfStoreError if the store cannot resume after `position`. */
  async checkResumable(position: number): Promise<void> {
    await this.store.checkResumable(position);
  }

  /** A page of every game's events in global order (or one game's), each game as this caller sees it. */
  async globalEvents(caller: Caller, { after, limit, gameId, types }: GlobalEventsRange): Promise<GlobalEventsPage> {
    const stream = gameId === undefined ? undefined : gameStream(gameId);
    const read = await this.store.readAll({
      fromPosition: after,
      maxCount: limit,
      filter: {
        streamPrefix: stream ?? GAME_STREAM_PREFIX,
        eventTypes: storeTypes(callerSeesTheRecord(caller), types),
      },
    });
    const viewing = new GlobalViewing(this.redactors, caller, wantedOf(types));
    const events: GlobalEventLine[] = [];
    for (const event of read) {
      if (!inStream(event, stream)) continue;
      const line = viewing.view(event, await viewing.viewingFor(event));
      if (line !== null) events.push(line);
    }
    const lastPosition = read.at(-1)?.position ?? null;
    return { events, lastPosition, more: read.length === limit };
  }

  /**
   * Every game's events (or one game's) after `afterPosition` (exclusive), stored then live, as this caller sees
   * them; a CaughtUp (the position reached) between the stored and the live ones.
   */
  subscribeGlobal(
    caller: Caller,
    afterPosition: number | undefined,
    gameId?: string,
    types?: string[],
  ): Observable<GlobalEventLine | CaughtUp> {
    const stream = gameId === undefined ? undefined : gameStream(gameId);
    const filter = {
      streamPrefix: stream ?? GAME_STREAM_PREFIX,
      eventTypes: storeTypes(callerSeesTheRecord(caller), types),
    };
    return catchUpThenLive<GlobalEventLine>(() => {
      const reads = this.store.catchUpReads();
      const viewing = new GlobalViewing(this.redactors, caller, wantedOf(types));
      return {
        readPage: (after, limit) => reads.readAll({ fromPosition: after, maxCount: limit, filter }),
        live: (after) => this.store.subscribe({ fromPosition: after, filter }),
        checkpointOf: (event) => event.position,
        view: (event) => {
          if (!inStream(event, stream)) return null;
          const prepared = viewing.viewingFor(event);
          if (!(prepared instanceof Promise)) return viewing.view(event, prepared);
          return prepared.then((ready) => viewing.view(event, ready));
        },
        floor: afterPosition,
      };
    }, afterPosition);
  }

  /** Where each game stands, from its last events, with its first event's facts. */
  summaries(): Promise<GameSummary[]> {
    return readGameSummaries(this.store, this.facts);
  }

  /** The game's result at a revision (null while it goes on): public, like the GameEnded that records it. */
  resultAt(gameId: string, revision: number): Promise<GameResult | null> {
    return gameResultAt(this.store, gameId, revision);
  }

  /** What a game's first event says of it for everybody (name, houses, turn limit, fork provenance). */
  gameFacts(gameId: string): Promise<GameFacts | null> {
    return this.facts.of(gameId);
  }

  /** Resolves if the store could commit durably now; rejects saying why not (readiness, see EventStore.checkReady). */
  checkStoreReady(): Promise<void> {
    return this.store.checkReady();
  }

  private load(gameId: string, { at, turn, phase, edge }: GameStatePoint): Promise<LoadedGame> {
    if (at !== undefined) return this.timeTravel.stateAt(gameId, at);
    if (turn !== undefined) return this.timeTravel.stateAtTurn(gameId, { turn, phase, edge: edge ?? 'end' });
    return this.games.loadLatest(gameId);
  }
}

/** A redactor must see every event of its games; only the record's own view can leave the type filter to the store. */
function storeTypes(seesRecord: boolean, types: string[] | undefined): string[] | undefined {
  return seesRecord ? types : undefined;
}

function wantedOf(types: string[] | undefined): ReadonlySet<string> | undefined {
  return types === undefined ? undefined : new Set(types);
}

/** The prefix `game-g1` also reads `game-g10`: only the exact stream counts. */
function inStream(event: RecordedEvent, stream: string | undefined): boolean {
  return stream === undefined || event.stream === stream;
}
