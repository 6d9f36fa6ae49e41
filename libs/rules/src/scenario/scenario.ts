import type { EntityRef } from '../model/game-state';
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
}

/** A `*.scenario.json` file: a set-up plus the orders of each turn. */
export interface Scenario extends GameSetup {
  name: string;
  turns: ScenarioTurn[];
}
