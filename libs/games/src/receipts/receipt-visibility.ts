import type { GameEventLine } from '../recording/game-event-line';
import type { Viewer } from '../viewers/viewer';

/**
 * Whose receipt is it: a player's command (an order, a cancellation, a confirmation names the player) is that
 * player's; the set-up and the scheduled garbage collections are nobody's, so everybody's. The organiser sees all.
 * A receipt reveals no hidden value (the chain is keyed with the game's secret), but the other side's command ids
 * and when it gave which command are its own business.
 */
export function receiptVisibleTo(viewer: Viewer, input: GameEventLine): boolean {
  if (viewer.role === 'organiser') return true;
  const player = (input.data as { player?: unknown } | null)?.player;
  if (typeof player !== 'string') return true;
  return viewer.role === 'player' && viewer.colour === player;
}
