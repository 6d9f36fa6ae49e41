import { EventStore } from '@app/event-store';
import { startsCommand } from '@app/rules';
import { Injectable } from '@nestjs/common';
import { gameStream } from '../game-stream';
import { type StoredGameEvent, storedGameEvent } from '../recording/stored-game-event';

/** Whose a command is: the player it is given for, else the organiser's (the set-up, the scheduled collections). */
export function commandOwner(data: unknown): string {
  const player = typeof data === 'object' && data !== null ? (data as { player?: unknown }).player : undefined;
  return typeof player === 'string' ? player : 'organiser';
}

/**
 * Finds the events an earlier command of the same caller recorded under the same id, so that a retried command can
 * answer the same. Keys belong to whoever sends them: blue's command under a key red used is not red's command (it
 * must neither learn that red used the key nor take it from red), so one key may name one command of each caller.
 * The store finds a key's events by index (EventStore.readCommand): the game itself is not read.
 */
@Injectable()
export class RecordedCommandFinder {
  constructor(private readonly store: EventStore) {}

  async find(gameId: string, commandId: string, owner: string): Promise<StoredGameEvent[] | null> {
    const commands: StoredGameEvent[][] = [];
    for (const event of await this.store.readCommand(gameStream(gameId), commandId)) {
      const line = storedGameEvent(event);
      const current = commands.at(-1);
      const previous = current?.at(-1);
      // A command's events are contiguous and begin with the event that starts it.
      if (
        current === undefined ||
        previous === undefined ||
        startsCommand(line) ||
        line.revision !== previous.revision + 1
      ) {
        commands.push([line]);
      } else {
        current.push(line);
      }
    }
    return commands.find((events) => commandOwner(events[0]?.data) === owner) ?? null;
  }
}
