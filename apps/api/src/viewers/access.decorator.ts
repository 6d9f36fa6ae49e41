import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '../errors/error.response.dto';

/**
 * Who may call an endpoint (issue #5):
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
  return applyDecorators(
    SetMetadata(ACCESS_POLICY, policy),
    ApiBearerAuth(BEARER_SCHEME),
    ApiUnauthorizedResponse({ type: ErrorResponseDto, description: UNAUTHORIZED[rule] }),
    ApiForbiddenResponse({ type: ErrorResponseDto, description: FORBIDDEN[rule] }),
  );
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
