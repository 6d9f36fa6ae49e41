import { reject } from '../commands/command-rejected.error';
import { describeResult } from '../model/game-result';
import type { GameState } from '../model/game-state';
import { ASSUMPTION } from '../rules-options';

/** [A] Once a game has ended nothing more is played on it: every order, confirmation and ending is refused. */
export function requireGameGoesOn(state: GameState): void {
  if (state.result !== null) {
    reject('phase', ASSUMPTION, `the game has ended: ${describeResult(state.result)}`);
  }
}
