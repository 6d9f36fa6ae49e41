import { EXIT } from '../exit-codes';

/**
 * Exit codes of the commands that use the event store (replay GAME, export, import), on top of exit-codes.ts.
 * A script can tell "the store refused" (1), "bad input" (2), "tampered record" (3) and "no store" (69) apart.
 */
export const STORE_EXIT = {
  ...EXIT,
  /** import: the game already exists in the target store, or another writer changed it during the import. */
  conflict: 1,
  /** import: the file's hash chain is broken (an edited, deleted or reordered event); nothing was written. */
  brokenChain: EXIT.tampered,
  /** The configured store cannot be reached or opened (EX_UNAVAILABLE). */
  storeUnavailable: 69,
} as const;
