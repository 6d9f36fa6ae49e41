import type { Colour } from '@app/rules';

/**
 * Who is looking (docs/design.md): the organiser sees everything; a player sees public events, its own
 * orders and the non-visible spells it owns; a spectator (and the analytics stream) sees public events, with each
 * turn's orders released once execution starts.
 */
export type Viewer = { role: 'organiser' } | { role: 'player'; colour: Colour } | { role: 'spectator' };

export const ORGANISER: Viewer = { role: 'organiser' };
export const SPECTATOR: Viewer = { role: 'spectator' };

export function playerViewer(colour: Colour): Viewer {
  return { role: 'player', colour };
}

/**
 * The organiser's view is the record itself: its redactor changes nothing and needs no earlier event, so a read for
 * it can start anywhere and leave a type filter to the store.
 */
export function seesTheRecord(viewer: Viewer): boolean {
  return viewer.role === 'organiser';
}

/** Is `owner` the viewer's own side? The organiser owns nothing but sees everything anyway. */
export function isViewersOwn(viewer: Viewer, owner: string): boolean {
  return viewer.role === 'player' && viewer.colour === owner;
}
