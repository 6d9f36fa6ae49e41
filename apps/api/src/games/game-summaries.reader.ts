import { Injectable } from '@nestjs/common';
import { EventStore } from '@app/event-store';
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
      const [last] = await this.store.readStream(stream, { direction: 'backwards', maxCount: 1 });
      if (gameId === null || last === undefined) continue;
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
