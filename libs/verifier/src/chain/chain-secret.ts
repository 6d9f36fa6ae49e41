/**
 * A game's chain secret: 256 random bits, drawn by the games layer (draw-chain-secret.ts) when a game is created (or forked) and
 * recorded in the metadata of its first event (`GameCreated.metadata.chainSecret`), which only the organiser
 * sees. The genesis hash is keyed with it, so a chain hash handed to a player (a receipt, a signed head) cannot be
 * recomputed from guesses about hidden events (which card, which target): without the secret every guess misses.
 *
 * In the metadata, not in `data`: the rules never read it (the engine stays free of randomness), it is not part
 * of the command a player gave, and the audit's re-derivation adds the recorded one back like the fork provenance.
 */
export const CHAIN_SECRET_FIELD = 'chainSecret';

/** 64 lowercase hex digits: 256 bits. */
export const CHAIN_SECRET = /^[0-9a-f]{64}$/;

/**
 * What the first event's metadata says: the secret, `undefined` for a game recorded before chain secrets
 * (its chain starts from the unkeyed genesis), or `null` for a value that is not a secret at all.
 */
export function chainSecretOf(metadata: Record<string, unknown>): string | undefined | null {
  const value = metadata[CHAIN_SECRET_FIELD];
  if (value === undefined) return undefined;
  return typeof value === 'string' && CHAIN_SECRET.test(value) ? value : null;
}
