import { type Colour, SETUP_ID, isColour } from '@app/rules';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Who a player token says it is for; the signature proves the server issued it. */
export interface PlayerClaim {
  gameId: string;
  colour: Colour;
}

function signature(secret: string, gameId: string, colour: Colour): string {
  return createHmac('sha256', secret).update(`sanctum-chronicle/player/${gameId}/${colour}`).digest('base64url');
}

/**
 * Player tokens are derived, never stored: `<gameId>.<colour>.<HMAC of both under the server secret>`. Anyone
 * holding the secret can re-derive them; no credential ever lands in an event. The game and colour are readable
 * (they are no secret to the holder), so a token used at the wrong game can be told apart from a forged one, and
 * endpoints without a game (the global stream) know whose it is without trying every game.
 */
export function playerToken(secret: string, gameId: string, colour: Colour): string {
  return `${gameId}.${colour}.${signature(secret, gameId, colour)}`;
}

/** The game and colour of a token this server issued, or null for anything else (forged, malformed, other secret). */
export function readPlayerToken(secret: string, token: string): PlayerClaim | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [gameId = '', colour = '', given = ''] = parts;
  if (!SETUP_ID.test(gameId) || !isColour(colour)) return null;
  return sameToken(given, signature(secret, gameId, colour)) ? { gameId, colour } : null;
}

/** Constant-time comparison, so a token cannot be guessed byte by byte from response times. */
export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
