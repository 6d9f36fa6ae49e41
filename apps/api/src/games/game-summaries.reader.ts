import { Injectable } from '@nestjs/common';
import { DamagedEventError, EventStore, type RecordedEvent } from '@app/event-store';
import { GAME_STREAM_PREFIX, gameIdOfStream } from '@app/games';
import type { GameSummaryResponseDto } from './game-summary.response.dto';

/** Where each game stands, from the last event of each game stream (one short read each, no fold). */
@Injectable()
export class GameSummariesReader {
  constructor(private readonly store: EventStore) {}

  async all(): Promise<GameSummaryResponseDto[]> {
    const summaries: GameSummaryResponseDto[] = [];
    for (const stream of await this.store.listStreams(GAME_STREAM_PREFIX)) {
      const gameId = gameIdOfStream(stream);
      if (gameId === null) continue;
      let last: RecordedEvent | undefined;
      try {
        [last] = await this.store.readStream(stream, { direction: 'backwards', maxCount: 1 });
      } catch (error) {
        if (!(error instanceof DamagedEventError)) throw error;
        // One damaged game is listed as such; the list of the others goes on.
        summaries.push({ gameId, revision: error.revision, turn: null, phase: null, damagedRevision: error.revision });
        continue;
      }
      if (last === undefined) continue;
      summaries.push({
        gameId,
        revision: last.revision,
        turn: Number(last.metadata.turn ?? 0),
        phase: String(last.metadata.phase ?? 'setup'),
      });
    }
    return summaries;
  }
}
