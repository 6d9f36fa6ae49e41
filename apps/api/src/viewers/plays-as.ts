import { ForbiddenException } from '@nestjs/common';
import type { Viewer } from '@app/games';
import type { Colour } from '@app/rules';
import { errorBody } from '../errors/error-body';

/**
 * A player acts only for its own colour. Checked before the command runs, so the answer is the same whether or not
 * what the request names exists (it reveals nothing of the other side's orders).
 */
export function assertPlaysAs(viewer: Viewer, colour: Colour): void {
  if (viewer.role === 'player' && viewer.colour === colour) return;
  const who = viewer.role === 'player' ? `${viewer.colour}'s token` : `the ${viewer.role}`;
  throw new ForbiddenException(errorBody(403, `only ${colour}'s player may act for ${colour}, not ${who}`));
}
