import { DamagedEventError, type EventStore } from '@app/event-store';
import type { GameResult } from '@app/rules';
import { lastGameEvent } from '../loading/game-events.reader';
import type { StoredGameEvent } from '../recording/stored-game-event';
import { GAME_STREAM_PREFIX, gameIdOfStream } from '../game-stream';
import { gameResultAt } from '../game-end/game-result-at';
import type { GameFacts, GameFactsReader } from './game-facts';

/**
 * Where a game stands, from its last events; a game whose last event is damaged says so and where. With what its
 * first event says of it (GameFacts: name, houses, turn limit, fork provenance) and, once it has ended, its result.
 */
export interface GameSummary extends Partial<GameFacts> {
  gameId: string;
  revision: number;
  /** null when the last event cannot be read */
  turn: number | null;
  phase: string | null;
  damagedRevision?: number;
  /** [A] `ended` once a GameEnded is recorded, else `live`. */
  status?: 'live' | 'ended';
  result?: GameResult | null;
}

/** The result at the game's last revision; a damaged tail reads as a game that goes on (its summary says where). */
async function resultOf(store: EventStore, gameId: string, revision: number): Promise<GameResult | null> {
  try {
    return await gameResultAt(store, gameId, revision);
  } catch (error) {
    if (error instanceof DamagedEventError) return null;
    throw error;
  }
}

/** Every game in creation order, a few short reads each (no fold); its first event's facts are read once. */
export async function readGameSummaries(store: EventStore, facts: GameFactsReader): Promise<GameSummary[]> {
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
    const result = await resultOf(store, gameId, last.revision);
    summaries.push({
      gameId,
      revision: last.revision,
      turn: last.metadata.turn,
      phase: last.metadata.phase,
      ...((await facts.of(gameId)) ?? {}),
      status: result === null ? 'live' : 'ended',
      result,
    });
  }
  return summaries;
}
