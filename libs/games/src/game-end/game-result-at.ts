import type { EventStore } from '@app/event-store';
import type { GameResult } from '@app/rules';
import { resultOfGameEnded } from '@app/verifier';
import { gameStream } from '../game-stream';
import { storedGameEvent } from '../recording/stored-game-event';

/**
 * After its GameEnded a game records at most what was due — the scheduled collection of the turn it ended in
 * (GarbageCollectionScheduled, when the turn limit ended it, then GarbageCollected) — and, once the organiser publishes
 * its record, GameRecordPublished, always its last. So the GameEnded of a game that has ended is among the last four
 * events of any later revision.
 */
const EVENTS_AFTER_THE_END = 3;

/** How the game stood at `revision`: its result if it had ended by then, else null (a short backwards read). */
export async function gameResultAt(store: EventStore, gameId: string, revision: number): Promise<GameResult | null> {
  const tail = await store.readStream(gameStream(gameId), {
    from: revision,
    direction: 'backwards',
    maxCount: EVENTS_AFTER_THE_END + 1,
  });
  for (const recorded of tail) {
    const event = storedGameEvent(recorded);
    if (event.type === 'GameEnded') return resultOfGameEnded(event.data);
  }
  return null;
}
