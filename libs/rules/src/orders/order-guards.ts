import { reject } from '../commands/command-rejected.error';
import type { GameState } from '../model/game-state';
import type { Colour } from '../model/players';
import { isColour } from '../model/players';

export function requireGame(state: GameState): string {
  if (state.gameId === null) reject('not-found', null, 'no game has been created on this stream');
  return state.gameId;
}

export function requireColour(player: unknown): Colour {
  if (!isColour(player))
    reject('invalid', 'B1', `player must be "red" or "blue", not ${JSON.stringify(player)}`, 'player');
  return player;
}

/** T2: orders are given (and changed) in the orders phase, until that player confirms. */
export function requireOrdersPhase(state: GameState, player: unknown): Colour {
  requireGame(state);
  const colour = requireColour(player);
  if (state.phase !== 'orders') {
    reject(
      'phase',
      'T2',
      `orders are only taken in the orders phase; turn ${state.turn} is in the ${state.phase} phase`,
    );
  }
  if (state.players[colour].confirmed) {
    reject('phase', 'T2', `${colour} has already confirmed the orders of turn ${state.turn}`, 'player');
  }
  return colour;
}
