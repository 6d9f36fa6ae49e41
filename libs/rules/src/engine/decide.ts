import { CommandRejected, reject } from '../commands/command-rejected.error';
import type { Command, CommandDataMap, CommandType } from '../commands/command';
import type { DomainEvent } from '../events/domain-event';
import type { GameState } from '../model/game-state';
import { cancelOrder } from '../orders/cancel-order.decide';
import { collectScheduledGarbage, confirmOrders } from '../orders/confirm-orders.decide';
import { discardSpell } from '../orders/discard-spell.decide';
import { orderAttack } from '../orders/order-attack.decide';
import { targetSpell } from '../orders/target-spell.decide';
import { createGame } from '../setup/create-game.decide';
import { resign } from '../orders/resign.decide';
import { adjudicateResult } from '../orders/adjudicate-result.decide';
import { publishRecord } from '../orders/publish-record.decide';
import { Emitter } from './emitter';
import { EngineContext } from './engine-context';
import { cloneState } from './clone-state';
import { lookup } from '../model/state-queries';

type Decider<K extends CommandType> = (ctx: EngineContext, data: CommandDataMap[K]) => void;

const DECIDERS: { [K in CommandType]: Decider<K> } = {
  CreateGame: createGame,
  TargetSpell: targetSpell,
  CancelOrder: cancelOrder,
  DiscardSpell: discardSpell,
  OrderAttack: orderAttack,
  ConfirmOrders: confirmOrders,
  CollectGarbage: collectScheduledGarbage,
  Resign: resign,
  AdjudicateResult: adjudicateResult,
  PublishRecord: publishRecord,
};

export interface Decision {
  events: DomainEvent[];
  /** The state after the events: by construction the fold of `events` onto the state decided on. */
  state: GameState;
}

export interface ExecuteOptions {
  /**
   * Decide on the given state itself instead of a copy: it becomes the returned state. For callers that own the
   * state and would throw the old one away (the scenario runner, the command service's cached game), saving a
   * copy of the whole board per command. A refused command still leaves it untouched: every decider checks
   * before it emits anything (enforced below).
   */
  inPlace?: boolean;
}

/** A decider that refused a command after it had started emitting: the working state can no longer be trusted. */
export class EngineInvariantError extends Error {
  constructor(readonly rejection: CommandRejected) {
    super(`engine invariant broken: a command was refused after events were emitted (${rejection.message})`);
    this.name = 'EngineInvariantError';
  }
}

/**
 * Runs a command against a state and returns the events it produces together with the resulting state. The
 * given state is not modified unless `inPlace` is asked for. A refused command throws CommandRejected and
 * produces nothing.
 */
export function execute(state: GameState, command: Command, options: ExecuteOptions = {}): Decision {
  const decider = lookup(DECIDERS, command?.type) as Decider<CommandType> | undefined;
  if (decider === undefined) reject('invalid', null, `unknown command "${String(command?.type)}"`, 'type');
  if (command.data === null || typeof command.data !== 'object')
    reject('invalid', null, 'a command carries its data as an object', 'data');
  const gameId = command.type === 'CreateGame' ? command.data.gameId : (state.gameId ?? '');
  const working = options.inPlace ? state : cloneState(state);
  const ctx = new EngineContext(
    new Emitter(working, gameId, command.metadata.commandId, command.metadata.correlationId),
  );
  try {
    decider(ctx, command.data);
  } catch (error) {
    if (error instanceof CommandRejected && ctx.emitter.events.length > 0) throw new EngineInvariantError(error);
    throw error;
  }
  return { events: ctx.emitter.events, state: working };
}

/** decide(state, command) → events (docs/design.md). */
export function decide(state: GameState, command: Command): DomainEvent[] {
  return execute(state, command).events;
}
