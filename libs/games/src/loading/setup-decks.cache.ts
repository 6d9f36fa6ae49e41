import type { EventStore } from '@app/event-store';
import type { Colour, EventDataMap } from '@app/rules';
import { gameStream } from '../game-stream';
import { storedGameEvent } from '../recording/stored-game-event';
import { RecentEntriesCache } from '../caching/recent-entries.cache';

/** Each player's deck as the game was set up (its `GameCreated`, revision 0). Shared: never change them. */
export type SetupDecks = Readonly<Record<Colour, readonly string[]>>;

/** The decks a game's GameCreated sets up: copies, since the store may hand the same event objects to other readers. */
export function setupDecksOf(created: EventDataMap['GameCreated']): SetupDecks {
  return { red: [...created.players.red.deck], blue: [...created.players.blue.deck] };
}

/**
 * The set-up decks of recently loaded games, read from each game's first event. Snapshots leave a deck out when it
 * is the tail of the set-up deck (see snapshot-body.codec.ts), and rebuild it from here. A stream's first event
 * never changes, so an entry never goes stale; the map is bounded like the repository's cache of latest states.
 */
export class SetupDecksCache {
  private readonly byGame: RecentEntriesCache<string, SetupDecks>;

  constructor(
    private readonly store: EventStore,
    capacity: number,
  ) {
    this.byGame = new RecentEntriesCache(capacity);
  }

  /** Forgets every game's decks (the store moved to another server, whose games may differ). */
  forgetAll(): void {
    this.byGame.forgetAll();
  }

  /** The game's set-up decks if they were read already (no wait). */
  known(gameId: string): SetupDecks | undefined {
    return this.byGame.get(gameId);
  }

  /** The game's set-up decks, or null when its first event is not (yet) a `GameCreated` with decks. */
  async decksOf(gameId: string): Promise<SetupDecks | null> {
    const cached = this.byGame.get(gameId);
    if (cached) return cached;
    const [recorded] = await this.store.readStream(gameStream(gameId), { from: 0, maxCount: 1 });
    if (recorded?.revision !== 0) return null;
    const first = storedGameEvent(recorded);
    if (first.type !== 'GameCreated') return null;
    const decks = setupDecksOf(first.data);
    this.byGame.remember(gameId, decks);
    return decks;
  }
}
