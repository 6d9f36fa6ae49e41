import { EventStore } from '@app/event-store';
import { Injectable } from '@nestjs/common';
import { GameNotFoundError } from '../games.errors';
import { lastGameEvent, recordPages } from '../loading/game-events.reader';
import type { StoredGameEvent } from '../recording/stored-game-event';
import { type Viewer, seesTheRecord } from '../viewers/viewer';
import { RecordNotPublicError } from './record-not-public.error';

/**
 * A game's whole record, as stored: what `sanctum export` writes (every event with its hash chain, the set-up with
 * hands and decks, the seed, the chain secret), the organiser's to read at any time, and everyone's once the organiser
 * has published it [A] (GameRecordPublished, which the rules allow only for a finished game, once, and as its last
 * event: nothing may be recorded after it). With it anyone can re-simulate the game and check every receipt.
 */
@Injectable()
export class GameRecords {
  constructor(private readonly store: EventStore) {}

  /**
   * The record a page at a time, up to the revision the game has when asked (appends are atomic, so that is the end
   * of a command); RecordNotPublicError for anyone but the organiser before the record is published — before its
   * last event is the publication (a stream with anything after one, which the rules never record, is not taken as
   * public). A stored event that cannot be read ends the pages with a DamagedEventError naming it.
   */
  async pages(gameId: string, viewer: Viewer): Promise<AsyncGenerator<StoredGameEvent[]>> {
    const last = await lastGameEvent(this.store, gameId);
    if (last === undefined) throw new GameNotFoundError(gameId);
    if (!seesTheRecord(viewer) && last.type !== 'GameRecordPublished') throw new RecordNotPublicError(gameId);
    return recordPages(this.store, gameId, last.revision);
  }
}
