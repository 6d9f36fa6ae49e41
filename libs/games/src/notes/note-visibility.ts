import type { Viewer } from '../viewers/viewer';
import type { GameNote } from './game-note';

/** A note as a viewer other than the organiser reads it: the revision and the words, nothing of who else may. */
export interface ViewedNote {
  revision: number;
  text: string;
  /** The organiser's alone: the note's id and audience. */
  id?: string;
  visibleTo?: GameNote['visibleTo'];
}

/** Whether this viewer may read the note: the organiser always; a player if named; a spectator if public. */
export function noteVisibleTo(viewer: Viewer, note: GameNote): boolean {
  if (viewer.role === 'organiser') return true;
  if (note.visibleTo.includes('public')) return true;
  return viewer.role === 'player' && note.visibleTo.includes(viewer.colour);
}

/**
 * The note as this viewer reads it. Others than the organiser get neither its id (ids count notes, hidden ones too)
 * nor its audience (whom else the organiser told).
 */
export function viewNote(viewer: Viewer, note: GameNote): ViewedNote {
  if (viewer.role === 'organiser')
    return { id: note.id, revision: note.revision, text: note.text, visibleTo: note.visibleTo };
  return { revision: note.revision, text: note.text };
}
