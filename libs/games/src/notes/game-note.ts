/**
 * A judge's note on a game (issue #27, 3): the organiser attaches it to a revision and says who may read it. Notes
 * are no part of the game: they live in a stream of their own (notes.stream.ts), never in the game's hash chain, so
 * a note changes nothing the audit, the receipts or the tournament log check.
 */

/** Who may read a note besides the organiser: a player, or everybody (`public`: spectators and both players). */
export const NOTE_AUDIENCES = ['red', 'blue', 'public'] as const;
export type NoteAudience = (typeof NOTE_AUDIENCES)[number];

export const NOTE_LIMITS = {
  /** Characters of a note's text. */
  text: 2000,
  /** Notes a game holds at most: notes are a judge's remarks, not a second event log. */
  perGame: 1000,
} as const;

/** A note as the organiser wrote it. `id` names it in the game's notes (`note.3`: the third note written). */
export interface GameNote {
  id: string;
  /** The game's revision the note is about. */
  revision: number;
  text: string;
  /** Besides the organiser, who may read it; empty: the organiser alone. */
  visibleTo: NoteAudience[];
}

/** What a note asks to be: its revision, text and audience, checked before it is written. */
export interface NewNote {
  revision: number;
  text: string;
  visibleTo: NoteAudience[];
}
