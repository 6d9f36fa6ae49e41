import { Injectable } from '@nestjs/common';
import { GamePointNotFoundError } from '../games.errors';
import { GameRepository } from '../loading/game-repository';
import { GameReads } from '../reads/game-reads.service';
import type { Viewer } from '../viewers/viewer';
import { type MinionDeath, MinionStoryBuilder, type StoryEntry } from './minion-story';

/** Events read at a time while a story is followed. */
const STORY_PAGE = 2000;
/** Entries a story answers at most (`limit`); the death is always told, however far on it comes. */
export const STORY_MOST_ENTRIES = 1000;

export interface MinionStoryQuery {
  /** The first revision whose entries are answered (earlier ones were a page before). */
  from?: number;
  limit?: number;
}

/** `GET /games/:id/why?minion=ID`: a minion's story and why it died, in sentences. */
export interface MinionStory {
  gameId: string;
  minionId: string;
  owner: string | null;
  entries: StoryEntry[];
  /** The revision of the first entry this answer left out (ask again `from` it); null when every entry is here. */
  next: number | null;
  died: MinionDeath | null;
  /** The story in one sentence: who it is and how it ended (or that it lives on). */
  summary: string;
}

/** `minion.7`: the number a created id carries (the engine's entity counter when it was created). */
function createdNumber(minionId: string): number | null {
  const match = /^[a-z]+\.(\d+)$/.exec(minionId);
  return match === null ? null : Number(match[1]);
}

/**
 * A minion's story (issue #27) as a viewer sees the game: read through GameReads from the minion's creation (a
 * set-up minion's is revision 0; a created one's is found by binary search over the engine's entity counter, a
 * few snapshot loads) until its deletion at a garbage collection or the game's end. Its cost is the minion's life.
 */
@Injectable()
export class MinionStoryService {
  constructor(
    private readonly reads: GameReads,
    private readonly games: GameRepository,
  ) {}

  async story(viewer: Viewer, gameId: string, minionId: string, query: MinionStoryQuery = {}): Promise<MinionStory> {
    const last = await this.reads.lastRevision(gameId);
    const limit = Math.min(Math.max(query.limit ?? STORY_MOST_ENTRIES, 1), STORY_MOST_ENTRIES);
    const builder = new MinionStoryBuilder(minionId);
    let from: number | null = await this.createdAround(gameId, minionId, last);
    while (from !== null && from <= last && !builder.over) {
      const page = await this.reads.events(viewer, gameId, { from }, STORY_PAGE);
      for (const event of page.events) builder.add(event);
      from = page.next;
    }
    if (!builder.seen) {
      throw new GamePointNotFoundError(gameId, `game ${gameId} has no minion ${minionId}`);
    }
    const wanted = builder.entries.filter((entry) => entry.revision >= (query.from ?? 0));
    const entries = wanted.slice(0, limit);
    return {
      gameId,
      minionId,
      owner: builder.owner,
      entries,
      next: wanted[limit]?.revision ?? null,
      died: builder.died,
      summary: summaryOf(minionId, builder),
    };
  }

  /**
   * Where to start reading: 0 for a set-up minion; for a created one, the revision at which the engine's entity
   * counter reached its number, which is its creation (created ids share that one counter).
   */
  private async createdAround(gameId: string, minionId: string, last: number): Promise<number> {
    const number = createdNumber(minionId);
    if (number === null) return 0;
    let low = 0;
    let high = last + 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const { state } = await this.games.loadAt(gameId, middle);
      if (state.counters.entity >= number) high = middle;
      else low = middle + 1;
    }
    return low > last ? 0 : low;
  }
}

function summaryOf(minionId: string, builder: MinionStoryBuilder): string {
  const who = builder.owner === null ? minionId : `${minionId} (${builder.owner})`;
  if (builder.died !== null) return `${who}: ${builder.died.sentence}`;
  const last = builder.entries.at(-1);
  return last === undefined ? `${who} is in play` : `${who} is in play; last: ${last.sentence} (turn ${last.turn})`;
}
