import * as fs from 'node:fs/promises';
import type { EventStore } from '@app/event-store';
import type { GameNote, NewNote } from '@app/games/notes/game-note';
import { GameNotes, newNoteProblems } from '@app/games/notes/game-notes.service';
import { CliFailure } from '../cli-failure.error';
import { userPath } from '../user-path';
import { STORE_EXIT } from './store-exit-codes';

/**
 * A game's judge's notes as a file of their own beside its export (`sanctum export GAME --notes FILE`): one JSON line
 * per note, `{"revision","text","visibleTo"}`, in the order written. Notes are no part of the game's record (they are
 * in a stream of their own), so the game's file stays the chained record it always was.
 */
export async function writeNotesFile(store: EventStore, gameId: string, file: string): Promise<number> {
  const notes = await new GameNotes(store).all(gameId);
  const lines = notes.map(({ revision, text, visibleTo }) => `${JSON.stringify({ revision, text, visibleTo })}\n`);
  await fs.writeFile(userPath(file), lines.join(''), 'utf8');
  return notes.length;
}

/** The notes of a notes file, each checked as the service checks a note (exit 2 naming the line and the field). */
export async function readNotesFile(file: string): Promise<NewNote[]> {
  let text: string;
  try {
    text = await fs.readFile(userPath(file), 'utf8');
  } catch (error) {
    throw new CliFailure(STORE_EXIT.invalidInput, `${file}: cannot read the notes: ${(error as Error).message}`);
  }
  const notes: NewNote[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    let note: { revision?: unknown; text?: unknown; visibleTo?: unknown };
    try {
      note = JSON.parse(line) as typeof note;
    } catch {
      throw new CliFailure(STORE_EXIT.invalidInput, `${file}:${i + 1}: not valid JSON`);
    }
    const problems = note !== null && typeof note === 'object' ? newNoteProblems(note) : ['must be a JSON object'];
    if (problems.length > 0) throw new CliFailure(STORE_EXIT.invalidInput, `${file}:${i + 1}: ${problems.join('; ')}`);
    notes.push(note as NewNote);
  }
  return notes;
}

/** Stores the file's notes the game does not hold yet (an import run again adds none twice). */
export async function importNotes(store: EventStore, gameId: string, notes: readonly NewNote[]): Promise<number> {
  const service = new GameNotes(store);
  const key = (note: NewNote | GameNote) => JSON.stringify([note.revision, note.text, note.visibleTo]);
  const held = new Map<string, number>();
  for (const note of await service.all(gameId)) held.set(key(note), (held.get(key(note)) ?? 0) + 1);
  let added = 0;
  for (const note of notes) {
    const left = held.get(key(note)) ?? 0;
    if (left > 0) {
      held.set(key(note), left - 1);
      continue;
    }
    await service.add(gameId, note);
    added += 1;
  }
  return added;
}
