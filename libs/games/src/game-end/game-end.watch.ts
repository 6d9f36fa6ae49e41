import type { GameResult } from '@app/rules';
import type { StoredGameEvent } from '../recording/stored-game-event';
import { resultOfGameEnded } from '@app/verifier';

/**
 * A game's end as a read of its events in order passes it: what the result was at each revision read so far (null
 * before the GameEnded). Starts from the result known at the revision the read starts from.
 */
export class GameEndWatch {
  private endedAt: number;

  constructor(
    private result: GameResult | null,
    start: number,
  ) {
    this.endedAt = result === null ? Number.POSITIVE_INFINITY : start;
  }

  /** The same events, noting the GameEnded when it passes. */
  async *watch(events: AsyncIterable<StoredGameEvent>): AsyncGenerator<StoredGameEvent> {
    for await (const event of events) {
      if (event.type === 'GameEnded' && this.result === null) {
        this.result = resultOfGameEnded(event.data);
        this.endedAt = event.revision;
      }
      yield event;
    }
  }

  /** The result at `revision`, which the read has passed: null before the game ended. */
  resultAt(revision: number): GameResult | null {
    return revision >= this.endedAt ? this.result : null;
  }
}
