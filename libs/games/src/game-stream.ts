/** One stream per game (docs/design.md). */
export const GAME_STREAM_PREFIX = 'game-';

export function gameStream(gameId: string): string {
  return `${GAME_STREAM_PREFIX}${gameId}`;
}

export function gameIdOfStream(stream: string): string | null {
  return stream.startsWith(GAME_STREAM_PREFIX) ? stream.slice(GAME_STREAM_PREFIX.length) : null;
}
