import { Injectable } from '@nestjs/common';
import { DamagedEventError, EventStore, type RecordedEvent, WrongExpectedRevisionError } from '@app/event-store';
import { ConcurrencyConflictError, GamePointNotFoundError } from '../games.errors';
import { lastRevisionOf } from '../loading/last-revision.query';
import type { Viewer } from '../viewers/viewer';
import { type GameNote, NOTE_AUDIENCES, NOTE_LIMITS, type NewNote, type NoteAudience } from './game-note';
import { NoteRefusedError } from './note-refused.error';
import { type ViewedNote, noteVisibleTo, viewNote } from './note-visibility';
import { NOTE_ADDED, notesStream } from './notes.stream';

/** Attempts to append a note while other notes of the game are written at the same moment. */
const ATTEMPTS = 5;

/** Which notes: those about revisions `from` to `to` (both included). */
export interface NotesRange {
  from?: number;
  to?: number;
}

/** Every problem of a new note, each naming its field (the organiser's body, or a file imported). */
export function newNoteProblems(note: { revision?: unknown; text?: unknown; visibleTo?: unknown }): string[] {
  const problems: string[] = [];
  if (!Number.isSafeInteger(note.revision) || (note.revision as number) < 0) {
    problems.push('revision must be a whole number from 0');
  }
  const text = note.text;
  if (typeof text !== 'string' || text.trim() === '' || text.length > NOTE_LIMITS.text) {
    problems.push(`text must be 1 to ${NOTE_LIMITS.text} characters`);
  }
  const audience = note.visibleTo;
  if (
    !Array.isArray(audience) ||
    audience.some((who) => !(NOTE_AUDIENCES as readonly unknown[]).includes(who)) ||
    new Set(audience).size !== audience.length
  ) {
    problems.push(`visibleTo must list each of ${NOTE_AUDIENCES.join(', ')} at most once ([] for the organiser alone)`);
  }
  return problems;
}

/**
 * A note as stored, checked as a new note is: a row that is not one (unreadable, or edited into another shape) is
 * reported as the damaged event it is, never passed on to a viewer.
 */
function storedNote(event: RecordedEvent): GameNote {
  const { stream, revision, position } = event;
  if (event.damage !== undefined) throw new DamagedEventError(stream, revision, position, event.damage);
  const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Partial<GameNote>;
  const problems = event.type === NOTE_ADDED ? newNoteProblems(data) : [`a ${NOTE_ADDED} was expected`];
  if (problems.length > 0) throw new DamagedEventError(stream, revision, position, problems.join('; '));
  return { id: `note.${revision + 1}`, revision: data.revision!, text: data.text!, visibleTo: data.visibleTo! };
}

/**
 * A judge's notes (issue #27, 3), in each game's notes stream: the organiser writes them, every viewer reads those
 * meant for it (note-visibility.ts). Nothing of a note is in the game's own stream.
 */
@Injectable()
export class GameNotes {
  constructor(private readonly store: EventStore) {}

  /** Writes a note about a revision the game has; refuses a malformed one (NoteRefusedError) or a full game's. */
  async add(gameId: string, note: NewNote): Promise<GameNote> {
    const problems = newNoteProblems(note);
    if (problems.length > 0) throw new NoteRefusedError('invalid', problems);
    const last = await lastRevisionOf(this.store, gameId);
    if (note.revision > last) {
      throw new GamePointNotFoundError(
        gameId,
        `game ${gameId} has revisions 0 to ${last}; there is no revision ${note.revision}`,
      );
    }
    const stream = notesStream(gameId);
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      const written = await this.store.streamRevision(stream);
      const count = written === null ? 0 : written + 1;
      if (count >= NOTE_LIMITS.perGame) {
        throw new NoteRefusedError('full', [`game ${gameId} holds ${NOTE_LIMITS.perGame} notes, the most it may`]);
      }
      const data = { revision: note.revision, text: note.text, visibleTo: [...note.visibleTo] as NoteAudience[] };
      try {
        await this.store.append(stream, [{ type: NOTE_ADDED, data, metadata: { gameId } }], written ?? 'no-stream');
        return { id: `note.${count + 1}`, ...data };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    throw new ConcurrencyConflictError(stream, ATTEMPTS);
  }

  /** The notes this viewer may read, about revisions in the range, in the order of their revisions (then writing). */
  async list(viewer: Viewer, gameId: string, range: NotesRange = {}): Promise<ViewedNote[]> {
    await lastRevisionOf(this.store, gameId);
    const notes = await this.all(gameId);
    return notes
      .filter((note) => note.revision >= (range.from ?? 0) && note.revision <= (range.to ?? Number.POSITIVE_INFINITY))
      .filter((note) => noteVisibleTo(viewer, note))
      .sort((a, b) => a.revision - b.revision)
      .map((note) => viewNote(viewer, note));
  }

  /** Every note of the game as written (the organiser's export), in the order written. */
  async all(gameId: string): Promise<GameNote[]> {
    const notes: GameNote[] = [];
    for await (const page of this.store.readStreamPages(notesStream(gameId))) {
      for (const event of page) notes.push(storedNote(event));
    }
    return notes;
  }
}
