import { DamagedEventError, type EventStore } from '@app/event-store';
import { lastGameEvent } from '../loading/game-events.reader';
import type { StoredGameEvent } from '../recording/stored-game-event';
import { GAME_STREAM_PREFIX, gameIdOfStream } from '../game-stream';

/** Where a game stands, from its last event; a game whose last event is damaged says so and where. */
export interface GameSummary {
  gameId: string;
  revision: number;
  /** null when the last event cannot be read */
  turn: number | null;
  phase: string | null;
  damagedRevision?: number;
}

/** Every game in creation order, one short read each (no fold). */
export async function readGameSummaries(store: EventStore): Promise<GameSummary[]> {
  const summaries: GameSummary[] = [];
  for (const stream of await store.listStreams(GAME_STREAM_PREFIX)) {
    const gameId = gameIdOfStream(stream);
    if (gameId === null) continue;
    let last: StoredGameEvent | undefined;
    try {
      last = await lastGameEvent(store, gameId);
    } catch (error) {
      if (!(error instanceof DamagedEventError)) throw error;
      // One damaged game is listed as such; the list of the others goes on.
      summaries.push({ gameId, revision: error.revision, turn: null, phase: null, damagedRevision: error.revision });
      continue;
    }
    if (last === undefined) continue;
    summaries.push({ gameId, revision: last.revision, turn: last.metadata.turn, phase: last.metadata.phase });
  }
  return summaries;
}
