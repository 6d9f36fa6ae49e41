import { Injectable } from '@nestjs/common';
import { EventStore, type RecordedEvent } from '@app/event-store';
import {
  GAME_STREAM_PREFIX,
  type GlobalEventLine,
  gameIdOfStream,
  gameStream,
  toEventLine,
  viewedOfTypes,
} from '@app/games';
import { type Caller, viewerIn } from '../viewers/caller';
import { GameViews, type PositionedRedactor } from '../viewers/game-views.service';

export interface GlobalEventsPage {
  events: GlobalEventLine[];
  lastPosition: number | null;
  more: boolean;
}

export interface GlobalEventsRange {
  after?: number;
  limit: number;
  gameId?: string;
  types?: string[];
}

/**
 * `GET /events`: a page of every game's events in global order, each game redacted for the caller exactly as its
 * own stream is (the organiser reads them as stored). A redactor is prepared for a game at its first event in the
 * page; the page reads every event of the games (redaction needs them all) and filters by type afterwards.
 */
@Injectable()
export class GlobalEventsReader {
  constructor(
    private readonly store: EventStore,
    private readonly views: GameViews,
  ) {}

  async page(caller: Caller, { after, limit, gameId, types }: GlobalEventsRange): Promise<GlobalEventsPage> {
    const stream = gameId === undefined ? undefined : gameStream(gameId);
    const organiser = caller.kind === 'organiser';
    const read = await this.store.readAll({
      fromPosition: after,
      maxCount: limit,
      filter: { streamPrefix: stream ?? GAME_STREAM_PREFIX, eventTypes: organiser ? types : undefined },
    });
    const lastPosition = read.length === 0 ? null : read[read.length - 1].position;
    // The prefix `game-g1` also reads `game-g10`: only the exact stream counts.
    const events = read.filter((event) => stream === undefined || event.stream === stream);
    const lines = organiser ? events.map(globalLine) : await this.viewed(caller, events, types);
    return { events: lines, lastPosition, more: read.length === limit };
  }

  private async viewed(caller: Caller, events: RecordedEvent[], types?: string[]): Promise<GlobalEventLine[]> {
    const wanted = types === undefined ? undefined : new Set(types);
    const redactors = new Map<string, PositionedRedactor>();
    const lines: GlobalEventLine[] = [];
    for (const event of events) {
      const game = gameIdOfStream(event.stream) ?? event.stream;
      let positioned = redactors.get(game);
      if (positioned === undefined || positioned.next !== event.revision) {
        positioned = await this.views.redactorAt(viewerIn(caller, game), game, event.revision);
        redactors.set(game, positioned);
      }
      positioned.next = event.revision + 1;
      const viewed = viewedOfTypes(positioned.redactor.view(toEventLine(event)), wanted);
      if (viewed !== null)
        lines.push({ gameId: game, position: event.position, ...viewed, recordedAt: event.recordedAt });
    }
    return lines;
  }
}

function globalLine(event: RecordedEvent): GlobalEventLine {
  return {
    gameId: gameIdOfStream(event.stream) ?? event.stream,
    position: event.position,
    ...toEventLine(event),
    recordedAt: event.recordedAt,
  };
}
