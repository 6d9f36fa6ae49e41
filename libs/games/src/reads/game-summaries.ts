import { DamagedEventError, type EventStore, type RecordedEvent } from '@app/event-store';
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
    let last: RecordedEvent | undefined;
    try {
      [last] = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
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
