import type { GameResult } from '@app/rules';
import type { Signed } from './signed-statement';

/**
 * What the service answers an acknowledged command with: the game's last revision and chain hash right after the
 * command, and the command's id, signed (docs/design.md). Whoever holds it can later prove that the game held that
 * revision with that hash; the hash tells nothing of hidden events, the chain being keyed with the game's secret.
 */
export interface UnsignedReceipt {
  gameId: string;
  revision: number;
  hash: string;
  commandId: string;
  /** [A] Once the game has ended at that revision: how (the command that ended it, and the collection after it). */
  result?: GameResult;
}

export type Receipt = Signed<UnsignedReceipt>;

export const RECEIPT_FIELDS = ['gameId', 'revision', 'hash', 'commandId', 'keyId', 'signature'] as const;
