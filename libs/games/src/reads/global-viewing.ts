import { DamagedEventError, type RecordedEvent } from '@app/event-store';
import { RecentEntriesCache } from '../caching/recent-entries.cache';
import { gameIdOfStream } from '../game-stream';
import { type GlobalEventLine } from '../recording/game-event-line';
import { storedGameEvent } from '../recording/stored-game-event';
import { type Caller, callerSeesTheRecord, viewerIn } from '../viewers/caller';
import { viewedOfTypes } from '../viewers/event-redactor';
import { damagedEventStandIn } from './damaged-event.stand-in';
import type { PositionedRedactor, ViewerRedactors } from './viewer-redactors';

/** How many games' redactors one global read keeps; a game dropped from it gets a fresh one (same answers). */
const REDACTORS_PER_GLOBAL_READ = 1000;

/** How one global read shows a game: through its positioned redactor, or, once the game is found damaged, not. */
export type GameViewing = PositionedRedactor | { damaged: DamagedEventError };

/**
 * Events of many games in global order, as one caller sees each game: a redactor per game, positioned at the first
 * of its events to arrive (from the state just before it), so each game is redacted exactly as its own stream is.
 * A redactor must see every event of its game after that: a type filter applies to what the caller sees.
 *
 * A damaged stored event harms no other game: its line is a stand-in (damaged-event.stand-in.ts), and the read goes
 * on. A redacted view of that game cannot be trusted past it, so for such a viewer the game's later events are
 * stand-ins too; the organiser's view needs no earlier event and goes on as stored.
 */
export class GlobalViewing {
  private readonly viewings = new RecentEntriesCache<string, GameViewing>(REDACTORS_PER_GLOBAL_READ);
  private readonly seesTheRecord: boolean;

  constructor(
    private readonly positioning: ViewerRedactors,
    private readonly caller: Caller,
    private readonly wanted: ReadonlySet<string> | undefined,
  ) {
    this.seesTheRecord = callerSeesTheRecord(caller);
  }

  /** How this event's game is shown, ready for it: known already (no wait), or prepared from the store. */
  viewingFor(event: RecordedEvent): GameViewing | Promise<GameViewing> {
    const game = gameOf(event);
    const known = this.viewings.get(game);
    if (known !== undefined && ('damaged' in known || known.next === event.revision || !known.needsEveryEvent)) {
      return known;
    }
    return this.positioning.at(viewerIn(this.caller, game), game, event.revision).then(
      (positioned) => this.remember(game, positioned),
      (error: unknown) => {
        if (!(error instanceof DamagedEventError)) throw error;
        return this.remember(game, { damaged: error });
      },
    );
  }

  /** The event as the caller sees it (or its stand-in), or null when its filter leaves nothing of it. */
  view(event: RecordedEvent, viewing: GameViewing): GlobalEventLine | null {
    const game = gameOf(event);
    if ('damaged' in viewing) return this.standIn(event, game, viewing.damaged);
    viewing.next = event.revision + 1;
    let stored;
    try {
      stored = storedGameEvent(event);
    } catch (error) {
      if (!(error instanceof DamagedEventError)) throw error;
      if (viewing.needsEveryEvent) this.remember(game, { damaged: error });
      return this.standIn(event, game, error);
    }
    const viewed = viewedOfTypes(viewing.redactor.view(stored), this.wanted);
    if (viewed === null) return null;
    return { gameId: game, position: event.position, ...viewed, recordedAt: event.recordedAt };
  }

  private standIn(event: RecordedEvent, game: string, damage: DamagedEventError): GlobalEventLine | null {
    const line = damagedEventStandIn(event, game, damage, this.seesTheRecord);
    return this.wanted === undefined || this.wanted.has(line.type) ? line : null;
  }

  private remember(game: string, viewing: GameViewing): GameViewing {
    this.viewings.remember(game, viewing);
    return viewing;
  }
}

function gameOf(event: RecordedEvent): string {
  return gameIdOfStream(event.stream) ?? event.stream;
}
