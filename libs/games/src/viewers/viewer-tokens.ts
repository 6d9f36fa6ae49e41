import type { Colour } from '@app/rules';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Player tokens are derived, never stored: an HMAC of the game id and colour under the server secret. Anyone
 * holding the secret can re-derive them; no credential ever lands in an event.
 */
export function playerToken(secret: string, gameId: string, colour: Colour): string {
  return createHmac('sha256', secret).update(`sanctum-chronicle/player/${gameId}/${colour}`).digest('base64url');
}

/** Constant-time comparison, so a token cannot be guessed byte by byte from response times. */
export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
