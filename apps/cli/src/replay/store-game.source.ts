import { type GameEventLine, gameStream, storedEventAt, storedGameEvent } from '@app/games';
import { CliFailure } from '../cli-failure.error';
import { EXIT } from '../exit-codes';
import type { ConfiguredStore } from '../transfer/configured-store';
import type { ReplaySource } from './replay-source';

const PAGE_SIZE = 1000;

/** A game in the configured store, read page by page up to the revision it had when the replay started. */
export class StoreGameSource implements ReplaySource {
  readonly name: string;
  private lastEvent: GameEventLine | null | undefined;

  constructor(
    private readonly gameId: string,
    private readonly configured: ConfiguredStore,
  ) {
    this.name = `game ${gameId} in ${configured.name}`;
  }

  async last(): Promise<GameEventLine | null> {
    if (this.lastEvent !== undefined) return this.lastEvent;
    const stream = gameStream(this.gameId);
    const revision = await this.configured.store.streamRevision(stream);
    if (revision === null)
      throw new CliFailure(EXIT.invalidInput, `game ${this.gameId} not found in ${this.configured.name}`);
    this.lastEvent = storedGameEvent(await storedEventAt(this.configured.store, stream, revision));
    return this.lastEvent;
  }

  async *events(): AsyncGenerator<GameEventLine> {
    const last = await this.last();
    if (last === null) return;
    const pages = this.configured.store.readStreamPages(gameStream(this.gameId), {
      pageSize: PAGE_SIZE,
      maxCount: last.revision + 1,
    });
    for await (const page of pages) for (const event of page) yield storedGameEvent(event);
  }

  close(): Promise<void> {
    return this.configured.close();
  }
}
