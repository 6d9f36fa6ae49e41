import type { EntityRef } from '../model/game-state';
import type { Colour } from '../model/players';
import type { GameSetup } from '../setup/game-setup';

/** One order in a scenario turn (docs/design.md). */
export interface ScenarioOrder {
  cast?: string;
  target?: EntityRef;
  attack?: { attacker: string; victim: string; attack?: number };
  discard?: string;
  /**
   * S3/S4/S12: cancels this player's earlier order of the same turn, named by its place in the turn's list of that
   * player's orders (0 for the first); a cancelled cast is refunded (S4 [A]), a discard taken back.
   */
  cancel?: number;
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
