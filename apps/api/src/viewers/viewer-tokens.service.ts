import { Inject, Injectable } from '@nestjs/common';
import { playerToken, readPlayerToken, sameToken } from '@app/games';
import type { Colour } from '@app/rules';
import { type ResolvedViewerSecrets, VIEWER_SECRETS } from '../config/viewer-secrets';
import { ANONYMOUS, type Caller, ORGANISER_CALLER } from './caller';
import { TokenRefused } from './presented-token';

export type PlayerTokens = Record<Colour, string>;

/** The only holder of the secrets: gives out player tokens and tells whose a presented token is. */
@Injectable()
export class ViewerTokens {
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
    const claim = readPlayerToken(this.secrets.serverSecret, token);
    if (claim === null) throw new TokenRefused('this token is not one this service gave out', 'invalid_token');
    return { kind: 'player', ...claim };
  }
}
