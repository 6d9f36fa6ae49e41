import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { ApiErrorResponse } from '../errors/api-error-response.decorator';
import { ACCESS_REFUSALS } from './access-refusals';

/**
 * Who may call an endpoint (docs/viewers.md):
 * - `public`: anyone, tokens are not looked at (health, the replay page's files);
 * - `reader`: anyone; what is answered depends on the token (no token: the spectator's view). A token must be
 *   valid, and a player's must be for the game in the path;
 * - `player`: a player of the game in the path (the colour of the body or query is checked by the handler);
 * - `organiser`: the organiser only.
 */
export type AccessRule = 'public' | 'reader' | 'player' | 'organiser';

export interface AccessPolicy {
  rule: AccessRule;
  /** Also take the token from `?token=` (server-sent events: an EventSource cannot set headers). */
  queryToken?: boolean;
  /** What the endpoint does, for the 403 message (`create games`). */
  purpose?: string;
  /** The organiser may ask for another viewer's view with `?as=` (see view-as.ts). */
  viewAs?: boolean;
}

export const ACCESS_POLICY = 'sanctum:access-policy';

/** The scheme's name in the OpenAPI document. */
export const BEARER_SCHEME = 'bearer';

/** Declares an endpoint's (or a controller's) access rule; ViewerGuard refuses any route that has none. */
export function Access(rule: AccessRule, options: Omit<AccessPolicy, 'rule'> = {}): MethodDecorator & ClassDecorator {
  const policy: AccessPolicy = { rule, ...options };
  if (rule === 'public') return SetMetadata(ACCESS_POLICY, policy);
  const { unauthorized, forbidden } = refusals(rule, options.purpose ?? 'use this endpoint');
  return applyDecorators(
    SetMetadata(ACCESS_POLICY, policy),
    ApiBearerAuth(BEARER_SCHEME),
    ApiErrorResponse(401, UNAUTHORIZED[rule], { message: unauthorized }),
    ApiErrorResponse(403, FORBIDDEN[rule], { message: forbidden }),
  );
}

/** What ViewerGuard answers when it refuses a caller under `rule`: each route's 401 and 403 examples. */
function refusals(rule: Exclude<AccessRule, 'public'>, purpose: string): { unauthorized: string; forbidden: string } {
  switch (rule) {
    case 'organiser':
      return {
        unauthorized: ACCESS_REFUSALS.organiserWithoutToken(purpose),
        forbidden: ACCESS_REFUSALS.organiserNotPlayer(purpose),
      };
    case 'player':
      return {
        unauthorized: ACCESS_REFUSALS.playerWithoutToken(purpose),
        forbidden: ACCESS_REFUSALS.playerNotOrganiser(purpose),
      };
    default:
      return {
        unauthorized: ACCESS_REFUSALS.unknownToken,
        forbidden: ACCESS_REFUSALS.otherGamesToken('g-friday-final', 'g-3f9c0a1b2c3d4e5f'),
      };
  }
}

const UNAUTHORIZED: Record<Exclude<AccessRule, 'public'>, string> = {
  reader: 'The token is not one this service gave out (no token at all is fine: the public view).',
  player: 'No token, or not one this service gave out.',
  organiser: 'No token, or not one this service gave out.',
};

const FORBIDDEN: Record<Exclude<AccessRule, 'public'>, string> = {
  reader: 'A player token of another game (on one game’s endpoints).',
  player: 'Not this game’s player of that colour (the organiser does not play).',
  organiser: 'A player’s token: this is the organiser’s.',
};
