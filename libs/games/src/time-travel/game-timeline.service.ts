import { EventStore } from '@app/event-store';
import type { Phase } from '@app/rules';
import { Injectable } from '@nestjs/common';
import { RecentEntriesCache } from '../caching/recent-entries.cache';
import { type GameProjection, foldGameEvents } from '../loading/game-events.fold';
import { lastRevisionOf } from '../loading/last-revision.query';

/** A run of consecutive events of one turn and phase: revisions `from` to `to`, both inclusive. */
export interface TimelineSegment {
  turn: number;
  phase: Phase;
  from: number;
  to: number;
}

/** A game's turns and phases as runs of revisions, up to `revision` (its last event when read). */
export interface GameTimeline {
  gameId: string;
  revision: number;
  segments: TimelineSegment[];
}

/** Each event extends its turn and phase's run, or starts the next one. */
const TIMELINE_SEGMENTS: GameProjection<TimelineSegment[]> = {
  initial: () => [],
  evolve: (segments, { revision, metadata: { turn, phase } }) => {
    const current = segments[segments.length - 1];
    if (current !== undefined && current.turn === turn && current.phase === phase) current.to = revision;
    else segments.push({ turn, phase, from: revision, to: revision });
    return segments;
  },
};

/** Games whose timeline is kept; one of a million events is about 18,000 segments. */
const CACHED_TIMELINES = 32;
const PAGE_SIZE = 2000;

/**
 * The turn/phase runs of a game, for a replay tool's timeline: the same for every viewer (a placeholder keeps its
 * turn and phase). Read once, page by page, then kept and extended from where it stopped: events are never
 * changed, only appended, so what was read stays true. Each page yields to the event loop, so reading a long game
 * does not hold up other requests.
 */
@Injectable()
export class GameTimelineService {
  private readonly timelines = new RecentEntriesCache<string, GameTimeline>(CACHED_TIMELINES);
  private readonly reading = new Map<string, Promise<GameTimeline>>();

  constructor(private readonly store: EventStore) {}

  timeline(gameId: string): Promise<GameTimeline> {
    const under = this.reading.get(gameId);
    if (under !== undefined) return under;
    const read = this.extend(gameId).finally(() => this.reading.delete(gameId));
    this.reading.set(gameId, read);
    return read;
  }

  private async extend(gameId: string): Promise<GameTimeline> {
    const last = await lastRevisionOf(this.store, gameId);
    const known = this.timelines.get(gameId) ?? { gameId, revision: -1, segments: [] };
    if (known.revision >= last) return copyOf(known);
    const { state: segments } = await foldGameEvents(this.store, gameId, TIMELINE_SEGMENTS, {
      onto: copyOf(known).segments, // the kept timeline stays as it was if the read stops at a damaged event
      from: known.revision + 1,
      maxCount: last - known.revision,
      pageSize: PAGE_SIZE,
    });
    const timeline = { gameId, revision: last, segments };
    this.timelines.remember(gameId, timeline);
    return copyOf(timeline);
  }
}

/** The caller's own copy: the kept timeline's last segment grows in place when the game goes on. */
function copyOf(timeline: GameTimeline): GameTimeline {
  const segments = timeline.segments.slice();
  const last = segments.at(-1);
  if (last !== undefined) segments[segments.length - 1] = { ...last };
  return { ...timeline, segments };
}
