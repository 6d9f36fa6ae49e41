/**
 * The notes of a game: one stream per game, `notes-<gameId>`. Not under the game streams' `game-` prefix, so no
 * game list, game read, event stream, export of game events, scheduler or analytics consumer reads it.
 */
export const NOTES_STREAM_PREFIX = 'notes-';

/** The one event type of a notes stream. */
export const NOTE_ADDED = 'NoteAdded';

export function notesStream(gameId: string): string {
  return `${NOTES_STREAM_PREFIX}${gameId}`;
}
