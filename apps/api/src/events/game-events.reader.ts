import { Injectable } from '@nestjs/common';
import { EventStore } from '@app/event-store';
import { type GameEventLine, GameNotFoundError, gameStream, toEventLine } from '@app/games';

export interface GameEventsRange {
  from?: number;
  to?: number;
  types?: string[];
}

/** A game's recorded events as the CLI prints them, read page by page (a long game never needs one huge read). */
@Injectable()
export class GameEventsReader {
  constructor(private readonly store: EventStore) {}

  /** Throws GameNotFoundError for a game that does not exist; returns its last revision. */
  async lastRevision(gameId: string): Promise<number> {
    const last = await this.store.streamRevision(gameStream(gameId));
    if (last === null) throw new GameNotFoundError(gameId);
    return last;
  }

  async read(gameId: string, { from = 0, to, types }: GameEventsRange): Promise<GameEventLine[]> {
    const last = await this.lastRevision(gameId);
    const end = Math.min(to ?? last, last);
    if (from > end) return [];
    const wanted = types === undefined ? undefined : new Set(types);
    const lines: GameEventLine[] = [];
    for await (const page of this.store.readStreamPages(gameStream(gameId), { from, maxCount: end - from + 1 })) {
      for (const event of page) if (wanted === undefined || wanted.has(event.type)) lines.push(toEventLine(event));
    }
    return lines;
  }
}
