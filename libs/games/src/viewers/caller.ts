import { type Colour } from '@app/rules';
import { ORGANISER, SPECTATOR, type Viewer, playerViewer } from './viewer';

/**
 * Who sent a request, by its token: the organiser, one player of one game, or nobody in particular (no token).
 * A Viewer is what the caller is in one game: a player of another game is a spectator there.
 */
export type Caller = { kind: 'organiser' } | { kind: 'player'; gameId: string; colour: Colour } | { kind: 'anonymous' };

export const ANONYMOUS: Caller = { kind: 'anonymous' };
export const ORGANISER_CALLER: Caller = { kind: 'organiser' };

export function viewerIn(caller: Caller, gameId: string): Viewer {
  if (caller.kind === 'organiser') return ORGANISER;
  if (caller.kind === 'player' && caller.gameId === gameId) return playerViewer(caller.colour);
  return SPECTATOR;
}

/** Whether every game this caller reads is shown to it as recorded: it is the organiser in each (seesTheRecord). */
export function callerSeesTheRecord(caller: Caller): boolean {
  return caller.kind === 'organiser';
}
