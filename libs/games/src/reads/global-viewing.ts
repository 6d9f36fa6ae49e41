import type { RecordedEvent } from '@app/event-store';
import { RecentEntriesCache } from '../caching/recent-entries.cache';
import { gameIdOfStream } from '../game-stream';
import { type GlobalEventLine } from '../recording/game-event-line';
import { storedGameEvent } from '../recording/stored-game-event';
import { type Caller, viewerIn } from '../viewers/caller';
import { viewedOfTypes } from '../viewers/event-redactor';
import type { PositionedRedactor, ViewerRedactors } from './viewer-redactors';

/** How many games' redactors one global read keeps; a game dropped from it gets a fresh one (same answers). */
const REDACTORS_PER_GLOBAL_READ = 1000;

/**
 * Events of many games in global order, as one caller sees each game: a redactor per game, positioned at the first
 * of its events to arrive (from the state just before it), so each game is redacted exactly as its own stream is.
 * A redactor must see every event of its game after that: a type filter applies to what the caller sees.
 */
export class GlobalViewing {
  private readonly redactors = new RecentEntriesCache<string, PositionedRedactor>(REDACTORS_PER_GLOBAL_READ);

  constructor(
    private readonly positioning: ViewerRedactors,
    private readonly caller: Caller,
    private readonly wanted: ReadonlySet<string> | undefined,
  ) {}

  /** The redactor for this event's game, ready for it: known already (no wait), or prepared from the store. */
  redactorFor(event: RecordedEvent): PositionedRedactor | Promise<PositionedRedactor> {
    const game = gameOf(event);
    const known = this.redactors.get(game);
    if (known !== undefined && (known.next === event.revision || !known.needsEveryEvent)) return known;
    return this.positioning.at(viewerIn(this.caller, game), game, event.revision).then((positioned) => {
      this.redactors.remember(game, positioned);
      return positioned;
    });
  }

  /** The event as the caller sees it, or null when its filter leaves nothing of it. */
  view(event: RecordedEvent, positioned: PositionedRedactor): GlobalEventLine | null {
    positioned.next = event.revision + 1;
    const viewed = viewedOfTypes(positioned.redactor.view(storedGameEvent(event)), this.wanted);
    if (viewed === null) return null;
    return { gameId: gameOf(event), position: event.position, ...viewed, recordedAt: event.recordedAt };
  }
}

function gameOf(event: RecordedEvent): string {
  return gameIdOfStream(event.stream) ?? event.stream;
}
