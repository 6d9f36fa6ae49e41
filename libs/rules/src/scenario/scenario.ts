import type { EntityRef } from '../model/game-state';
import type { Colour } from '../model/players';
import type { GameSetup } from '../setup/game-setup';

/** One order in a scenario turn (DESIGN.md "Scenario file"). */
export interface ScenarioOrder {
  cast?: string;
  target?: EntityRef;
  attack?: { attacker: string; victim: string; attack?: number };
  discard?: string;
  /** The rules may refuse this order; the run goes on without it. */
  expectRejected?: boolean;
}

export interface ScenarioTurn {
  orders: { red?: ScenarioOrder[]; blue?: ScenarioOrder[] };
  /** [A] After its orders, this player resigns: the turn is not confirmed, and the game ends. */
  resign?: Colour;
  /** [A] After its orders, the organiser rules the result: the turn is not confirmed, and the game ends. */
  result?: { winner: Colour | null; reason: string };
}

/** A `*.scenario.json` file: a set-up plus the orders of each turn. */
export interface Scenario extends GameSetup {
  name: string;
  turns: ScenarioTurn[];
}
