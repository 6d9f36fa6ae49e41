import { randomBytes } from 'node:crypto';

/** A new game's chain secret (see chain-secret.ts of the verifier): 256 random bits as 64 lowercase hex digits. */
export function drawChainSecret(): string {
  return randomBytes(32).toString('hex');
}
