import type { GameResult } from '@app/rules';
import type { Signed } from './signed-statement';

/** A game's latest revision and chain hash, signed (`GET /games/:id/head`; the leaves of the tournament log). */
export interface UnsignedGameHead {
  gameId: string;
  revision: number;
  hash: string;
  /** [A] The game's result, once it has ended: a logged head of a finished game says how it finished. */
  result?: GameResult;
}

export type SignedGameHead = Signed<UnsignedGameHead>;

export const GAME_HEAD_FIELDS = ['gameId', 'revision', 'hash', 'keyId', 'signature'] as const;
