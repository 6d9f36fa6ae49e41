import type { EntityRef } from '../model/game-state';
import type { Colour } from '../model/players';
import type { GameSetup } from '../setup/game-setup';

export interface CommandDataMap {
  /**
   * `fromRecord`: the set-up was rebuilt from a recorded GameCreated (re-simulation), which holds every definition
   * the game uses: the catalog is not consulted, so a name a later catalog defines changes nothing in an old game.
   */
  CreateGame: { gameId: string; setup: GameSetup; fromRecord?: boolean };
  /** S3: target a spell from hand (an order of the orders phase). */
  TargetSpell: { player: Colour; spell: string; target: EntityRef };
  /** S3/S4: change one's mind before confirming. */
  CancelOrder: { player: Colour; orderId: string };
  /** S12. */
  DiscardSpell: { player: Colour; spell: string };
  /** T3. `attack` picks one of the attacker's attacks (default the first). */
  OrderAttack: { player: Colour; attackerId: string; victimId: string; attack?: number };
  /** T2: when both have confirmed, the turn executes. */
  ConfirmOrders: { player: Colour };
  /** T1 end of turn: the scheduled garbage collection, then the next turn starts. */
  CollectGarbage: { turn: number };
  /** [A] A player gives the game up: the other side wins. */
  Resign: { player: Colour };
  /** [A] The organiser rules the result (`winner` null: a draw), in its own words. */
  AdjudicateResult: { winner: Colour | null; reason: string };
  /** [A] The organiser makes a finished game's whole record public. */
  PublishRecord: Record<string, never>;
}
export type CommandType = keyof CommandDataMap;

export interface CommandMetadata {
  /** Unique per command; recorded in every event it produces. */
  commandId: string;
  /** Groups related commands (e.g. a confirm and the collection it schedules); defaults to commandId. */
  correlationId?: string;
}

export type Command<K extends CommandType = CommandType> = K extends CommandType
  ? { type: K; data: CommandDataMap[K]; metadata: CommandMetadata }
  : never;
