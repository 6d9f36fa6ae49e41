import { reject } from '../commands/command-rejected.error';
import type { Command } from '../commands/command';
import type { ScenarioTurn } from './scenario';

/** A turn's way of ending the game [A], as its command and its place in the file. */
export interface ScenarioEnding {
  command: Command;
  place: string;
}

/**
 * [A] The command that ends the game in this turn of a scenario file (a resignation or the organiser's ruling, given
 * after the turn's orders in place of its confirmations), or null for a turn that is confirmed as usual. Command ids
 * come from the turn, like the orders': `turn-3/blue/resign`, `turn-3/result`.
 */
export function scenarioEnding(turn: ScenarioTurn, number: number, index: number): ScenarioEnding | null {
  const place = `turns[${index}]`;
  if (turn.resign !== undefined && turn.result !== undefined) {
    reject('invalid', null, 'a turn ends the game by "resign" or by "result", not both', place);
  }
  if (turn.resign !== undefined) {
    return {
      command: {
        type: 'Resign',
        data: { player: turn.resign },
        metadata: { commandId: `turn-${number}/${String(turn.resign)}/resign` },
      },
      place: `${place}.resign`,
    };
  }
  if (turn.result !== undefined) {
    return {
      command: { type: 'AdjudicateResult', data: turn.result, metadata: { commandId: `turn-${number}/result` } },
      place: `${place}.result`,
    };
  }
  return null;
}
