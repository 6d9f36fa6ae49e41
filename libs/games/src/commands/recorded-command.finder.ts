import { EventStore } from '@app/event-store';
import { Injectable } from '@nestjs/common';
import { gameStream } from '../game-stream';
import type { GameEventLine } from '../recording/game-event-line';
import { storedGameEvent } from '../recording/stored-game-event';

/**
 * How far back a retried command is looked for. Retries come within moments of the original; a window of recent
 * events keeps the look-up cheap on games of any length (README: an Idempotency-Key is honoured for this many
 * events after the command it names).
 */
export const IDEMPOTENCY_WINDOW = 2000;

/** Finds the events an earlier command with the same id recorded, so a retried command can answer the same. */
@Injectable()
export class RecordedCommandFinder {
  constructor(private readonly store: EventStore) {}

  async find(gameId: string, commandId: string, window = IDEMPOTENCY_WINDOW): Promise<GameEventLine[] | null> {
    const found: GameEventLine[] = [];
    for await (const page of this.store.readStreamPages(gameStream(gameId), {
      direction: 'backwards',
      maxCount: window,
      pageSize: 250,
    })) {
      for (const event of page) {
        if (event.metadata.commandId === commandId) found.push(storedGameEvent(event));
        // A command's events are contiguous: once they are behind us, the search is over.
        else if (found.length > 0) return found.reverse();
      }
    }
    return found.length > 0 ? found.reverse() : null;
  }
}
