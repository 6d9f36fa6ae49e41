import { Inject, Injectable } from '@nestjs/common';
import { type PlayerClaim, RecentEntriesCache, playerToken, readPlayerToken, sameToken } from '@app/games';
import type { Colour } from '@app/rules';
import { type ResolvedViewerSecrets, VIEWER_SECRETS } from '../config/viewer-secrets';
import { ANONYMOUS, type Caller, ORGANISER_CALLER } from '@app/games';
import { ACCESS_REFUSALS } from './access-refusals';
import { TokenRefused } from './presented-token';

export type PlayerTokens = Record<Colour, string>;

/**
 * How many player tokens already checked are remembered. A token's claim depends only on the token and the server
 * secret, so the answer never goes stale; remembering it spares an HMAC on every command of a game being played.
 */
const REMEMBERED_TOKENS = 10_000;

/** The only holder of the secrets: gives out player tokens and tells whose a presented token is. */
@Injectable()
export class ViewerTokens {
  /** Tokens this service gave out, as checked once: only valid ones, so guesses cannot fill it. */
  private readonly verified = new RecentEntriesCache<string, PlayerClaim>(REMEMBERED_TOKENS);

  constructor(@Inject(VIEWER_SECRETS) private readonly secrets: ResolvedViewerSecrets) {}

  /** A game's player tokens: derived from its id, so they can be given again at any time and are never stored. */
  playerTokens(gameId: string): PlayerTokens {
    return {
      red: playerToken(this.secrets.serverSecret, gameId, 'red'),
      blue: playerToken(this.secrets.serverSecret, gameId, 'blue'),
    };
  }

  /** Whose token this is; no token is the anonymous caller; a token this service did not give out is a 401. */
  identify(token: string | undefined): Caller {
    if (token === undefined) return ANONYMOUS;
    if (sameToken(token, this.secrets.organiserToken)) return ORGANISER_CALLER;
    const claim = this.verified.get(token) ?? this.verify(token);
    return { kind: 'player', ...claim };
  }

  private verify(token: string): PlayerClaim {
    const claim = readPlayerToken(this.secrets.serverSecret, token);
    if (claim === null) throw new TokenRefused(ACCESS_REFUSALS.unknownToken, 'invalid_token');
    this.verified.remember(token, claim);
    return claim;
  }
}
