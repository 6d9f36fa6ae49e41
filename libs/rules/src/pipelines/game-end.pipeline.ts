import type { EngineContext } from '../engine/engine-context';
import type { EventDataMap } from '../events/event-vocabulary';
import type { SideStanding } from '../model/game-result';
import type { GameState } from '../model/game-state';
import { type Colour, isColour } from '../model/players';
import { isAlive } from '../model/state-queries';
import { ASSUMPTION, RULES_OPTIONS } from '../rules-options';

/** [A] The game is over: GameEnded records how, in the turn it ends in. */
export function endGame(ctx: EngineContext, ending: Omit<EventDataMap['GameEnded'], 'turn'>, cause: string): void {
  const { winner, reason, ruling, standings } = ending;
  ctx.emit('GameEnded', { winner, reason, turn: ctx.state.turn, ruling, standings }, { rule: ASSUMPTION, cause });
}

/** Each side's living minions and their HP (the board in play order). */
export function standingsOf(state: GameState): Record<Colour, SideStanding> {
  const standings = { red: { minions: 0, hp: 0 }, blue: { minions: 0, hp: 0 } };
  for (const id of state.minionIds) {
    const minion = state.minions[id];
    if (!isAlive(minion) || !isColour(minion.owner)) continue;
    standings[minion.owner].minions += 1;
    standings[minion.owner].hp += minion.hp;
  }
  return standings;
}

/** [A] The tie-break at a turn limit: each measure in turn (RULES_OPTIONS.turnLimitTieBreak); equal on all, a draw. */
export function tieBreakWinner(standings: Record<Colour, SideStanding>): Colour | null {
  for (const measure of RULES_OPTIONS.turnLimitTieBreak) {
    const red = standings.red[measure];
    const blue = standings.blue[measure];
    if (red !== blue) return red > blue ? 'red' : 'blue';
  }
  return null;
}

/** [A] At the end of the set-up's last turn the game ends; the tie-break names the winner. */
export function endAtTurnLimit(ctx: EngineContext, cause: string): void {
  const limit = ctx.state.turnLimit;
  if (limit === null || ctx.state.turn < limit || ctx.state.result !== null) return;
  const standings = standingsOf(ctx.state);
  endGame(ctx, { winner: tieBreakWinner(standings), reason: 'turn-limit', ruling: null, standings }, cause);
}
