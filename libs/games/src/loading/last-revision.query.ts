import type { EventStore } from '@app/event-store';
import { gameStream } from '../game-stream';
import { GameNotFoundError } from '../games.errors';

/** The revision of a game's last event; a game without events does not exist (GameNotFoundError). */
export async function lastRevisionOf(store: EventStore, gameId: string): Promise<number> {
  const last = await store.streamRevision(gameStream(gameId));
  if (last === null) throw new GameNotFoundError(gameId);
  return last;
}
