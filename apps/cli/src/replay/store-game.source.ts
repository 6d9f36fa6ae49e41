import { gameEvents, lastGameEvent } from '@app/games/loading/game-events.reader';
import type { StoredGameEvent } from '@app/games/recording/stored-game-event';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';
import type { ConfiguredStore } from '../transfer/configured-store';
import type { ReplaySource } from './replay-source';

const PAGE_SIZE = 1000;

/** A game in the configured store, read page by page up to the revision it had when the replay started. */
export class StoreGameSource implements ReplaySource {
  readonly name: string;
  private lastEvent: StoredGameEvent | null | undefined;

  constructor(
    private readonly gameId: string,
    private readonly configured: ConfiguredStore,
  ) {
    this.name = `game ${gameId} in ${configured.name}`;
  }

  async last(): Promise<StoredGameEvent | null> {
    if (this.lastEvent !== undefined) return this.lastEvent;
    const last = await lastGameEvent(this.configured.store, this.gameId);
    if (last === undefined) {
      throw new CliFailure(EXIT.invalidInput, `game ${this.gameId} not found in ${this.configured.name}`);
    }
    this.lastEvent = last;
    return last;
  }

  async *events(): AsyncGenerator<StoredGameEvent> {
    const last = await this.last();
    if (last === null) return;
    yield* gameEvents(this.configured.store, this.gameId, { pageSize: PAGE_SIZE, maxCount: last.revision + 1 });
  }

  close(): Promise<void> {
    return this.configured.close();
  }
}
