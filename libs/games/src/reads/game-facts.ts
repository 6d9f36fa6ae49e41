import { DamagedEventError, type EventStore } from '@app/event-store';
import type { Colour, House } from '@app/rules';
import { forkProvenanceOf } from '@app/verifier';
import { RecentEntriesCache } from '../caching/recent-entries.cache';
import { gameStream } from '../game-stream';
import { storedGameEvent } from '../recording/stored-game-event';

/**
 * What a game's first event says of it for everybody (its GameCreated as every viewer sees it): its name, each
 * side's house, its turn limit, and, for a fork, the game and revision it was copied from.
 */
export interface GameFacts {
  name: string;
  players: Record<Colour, { house: House }>;
  turnLimit: number | null;
  forkedFrom?: string;
  forkedAt?: number;
}

/** Games whose facts are kept (a game's first event never changes). */
const KEPT_GAMES = 10_000;

/** The facts of each game, read once from its first event and kept. */
export class GameFactsReader {
  private readonly known = new RecentEntriesCache<string, GameFacts>(KEPT_GAMES);

  constructor(private readonly store: EventStore) {}

  /** The game's facts; null for a game whose first event is not a readable GameCreated (a damaged store). */
  async of(gameId: string): Promise<GameFacts | null> {
    const kept = this.known.get(gameId);
    if (kept !== undefined) return kept;
    let event;
    try {
      const [first] = await this.store.readStream(gameStream(gameId), { maxCount: 1 });
      if (first === undefined) return null;
      event = storedGameEvent(first);
    } catch (error) {
      if (error instanceof DamagedEventError) return null;
      throw error;
    }
    if (event.type !== 'GameCreated') return null;
    const { name, players, turnLimit } = event.data;
    const facts: GameFacts = {
      name,
      players: { red: { house: players.red.house }, blue: { house: players.blue.house } },
      turnLimit: turnLimit ?? null,
      ...(forkProvenanceOf(event.metadata) ?? {}),
    };
    this.known.remember(gameId, facts);
    return facts;
  }
}
