import { DamagedLineError, type StoredGameEvent, gameEventOfLine } from '@app/games/recording/stored-game-event';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';
import { readEventFile } from '../transfer/event-file.reader';
import type { ReplaySource } from './replay-source';

/**
 * A `.jsonl` file of event lines (`sanctum export`, or `sanctum simulate`). Read twice, line by line: once for
 * its last event, once to replay; its revisions must run 0, 1, 2… (the chain itself is `import`'s business).
 */
export class EventFileSource implements ReplaySource {
  private lastEvent: StoredGameEvent | null | undefined;

  constructor(readonly name: string) {}

  async last(): Promise<StoredGameEvent | null> {
    if (this.lastEvent === undefined) {
      this.lastEvent = null;
      for await (const event of this.events()) this.lastEvent = event;
    }
    return this.lastEvent;
  }

  async *events(): AsyncGenerator<StoredGameEvent> {
    let expected = 0;
    for await (const { event, line } of readEventFile(this.name)) {
      if (event.revision !== expected) {
        throw new CliFailure(
          EXIT.invalidInput,
          `${this.name}:${line}: expected revision ${expected}, found ${event.revision} (the file is not a whole game)`,
        );
      }
      expected += 1;
      try {
        yield gameEventOfLine(event);
      } catch (error) {
        if (!(error instanceof DamagedLineError)) throw error;
        throw new CliFailure(EXIT.tampered, `${this.name}:${line}: ${error.message}`);
      }
    }
  }

  async close(): Promise<void> {}
}
