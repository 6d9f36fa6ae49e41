import { CommandRejected, reject } from '../commands/command-rejected.error';
import type { Command } from '../commands/command';
import type { DomainEvent } from '../events/domain-event';
import { execute } from '../engine/decide';
import type { GameState } from '../model/game-state';
import { initialState } from '../model/initial-state';
import { COLOURS } from '../model/players';
import type { Colour } from '../model/players';
import type { Scenario, ScenarioOrder, ScenarioTurn } from './scenario';
import { type ScenarioEnding, scenarioEnding } from './scenario-ending';

/** An order the rules refused, and where it stands in the scenario file. */
export interface ScenarioRejection {
  place: string;
  expected: boolean;
  error: CommandRejected;
}

export interface ScenarioRun {
  events: DomainEvent[];
  state: GameState;
  /** Refused orders that the file marked `expectRejected` (an unexpected one throws ScenarioFailed). */
  rejections: ScenarioRejection[];
  /** Orders marked `expectRejected` that the rules accepted. */
  acceptedDespiteExpectation: string[];
}

export class ScenarioFailed extends Error {
  constructor(
    readonly place: string,
    readonly rejection: CommandRejected,
    /** The events recorded before the refused order: the game up to the refusal. */
    readonly events: DomainEvent[] = [],
  ) {
    super(`${place}: ${rejection.message}`);
    this.name = 'ScenarioFailed';
  }
}

/** The kinds of order a scenario turn holds (ScenarioOrder), each written as its one key. */
export const SCENARIO_ORDER_KINDS = ['cast', 'attack', 'discard', 'cancel'] as const;

/** The kinds of order that give one (a `cancel` takes one back). */
const PLACING_ORDER_KINDS = ['cast', 'attack', 'discard'] as const;

/** The commands that give an order: each records it under an id the game gives it. */
export type PlacingCommandType = 'TargetSpell' | 'OrderAttack' | 'DiscardSpell';

/**
 * The id the game gave a player's earlier order of this turn, by its place in that player's list (a `cancel`'s
 * number); null when that place holds no order the rules accepted.
 */
export type OrderIdAt = (place: number) => string | null;

/**
 * The command an order of a scenario file stands for. A `cancel` names an earlier order of the same player and
 * turn by its place: `orderIdAt` gives the id the game gave it.
 */
export function orderCommand(
  player: Colour,
  order: ScenarioOrder,
  commandId: string,
  place: string,
  orderIdAt: OrderIdAt = () => null,
): Command<PlacingCommandType | 'CancelOrder'> {
  const given = SCENARIO_ORDER_KINDS.filter((key) => order[key] !== undefined);
  if (given.length !== 1) {
    reject('invalid', null, 'an order is exactly one of "cast", "attack", "discard" or "cancel"', place);
  }
  if (order.cancel !== undefined) {
    const earlier = Number.isInteger(order.cancel) && order.cancel >= 0 ? orderIdAt(order.cancel) : null;
    if (earlier === null) {
      reject(
        'invalid',
        'S3',
        `must be the place of an earlier order of ${player} this turn that was accepted`,
        `${place}.cancel`,
      );
    }
    return { type: 'CancelOrder', data: { player, orderId: earlier }, metadata: { commandId } };
  }
  return placingCommand(player, order, commandId, place);
}

/** The command of an order that gives one — a cast, an attack or a discard — as orderCommand maps it. */
export function placingCommand(
  player: Colour,
  order: ScenarioOrder,
  commandId: string,
  place: string,
): Command<PlacingCommandType> {
  const metadata = { commandId };
  const given = PLACING_ORDER_KINDS.filter((key) => order[key] !== undefined);
  if (given.length !== 1 || order.cancel !== undefined) {
    reject('invalid', null, 'an order that gives one is exactly one of "cast", "attack" or "discard"', place);
  }
  if (order.cast !== undefined) {
    if (order.target === undefined) reject('invalid', 'S2', 'a cast needs a target', `${place}.target`);
    return { type: 'TargetSpell', data: { player, spell: order.cast, target: order.target }, metadata };
  }
  if (order.attack !== undefined) {
    const { attacker, victim, attack } = order.attack;
    return { type: 'OrderAttack', data: { player, attackerId: attacker, victimId: victim, attack }, metadata };
  }
  return { type: 'DiscardSpell', data: { player, spell: order.discard as string }, metadata };
}

/** The id of the order an event gives (SpellTargeted, CardDiscarded, AttackOrdered), else null. */
function orderIdOf(event: DomainEvent | null): string | null {
  if (event === null) return null;
  if (event.type === 'SpellTargeted' || event.type === 'CardDiscarded' || event.type === 'AttackOrdered') {
    return event.data.orderId;
  }
  return null;
}

/** The turn's ending (scenarioEnding), a malformed one reported at its place. */
function endingOf(turn: ScenarioTurn, number: number, index: number, events: DomainEvent[]): ScenarioEnding | null {
  try {
    return scenarioEnding(turn, number, index);
  } catch (error) {
    if (error instanceof CommandRejected) throw new ScenarioFailed(`turns[${index}]`, error, events);
    throw error;
  }
}

/**
 * Plays a scenario: set-up, then for each turn every order (red's, then blue's, in file order), both
 * confirmations, and the scheduled garbage collection — or, in a turn that ends the game, its resignation or ruling
 * [A] in place of the confirmations. Pure and deterministic: command ids come from places in
 * the file.
 */
export function runScenario(scenario: Scenario, gameId = 'scenario'): ScenarioRun {
  const events: DomainEvent[] = [];
  const rejections: ScenarioRejection[] = [];
  const acceptedDespiteExpectation: string[] = [];
  let state = initialState();
  /** Runs a command; returns its first event (null when the rules refused it as the file expected). */
  const run = (command: Command, place: string, expectRejected = false): DomainEvent | null => {
    try {
      // The runner owns its state: deciding in place saves a copy of the board per command.
      const decision = execute(state, command, { inPlace: true });
      state = decision.state;
      for (const event of decision.events) events.push(event);
      if (expectRejected) acceptedDespiteExpectation.push(place);
      return decision.events[0] ?? null;
    } catch (error) {
      if (!(error instanceof CommandRejected)) throw error;
      if (!expectRejected) throw new ScenarioFailed(place, error, events);
      rejections.push({ place, expected: true, error });
      return null;
    }
  };
  const { turns, ...setup } = scenario;
  run({ type: 'CreateGame', data: { gameId, setup }, metadata: { commandId: 'setup' } }, 'setup');
  (turns ?? []).forEach((turn, t) => {
    const number = state.turn;
    for (const colour of COLOURS) {
      // The ids the game gave this player's orders of the turn, by place (a `cancel` names one).
      const given: (string | null)[] = [];
      const orderIdAt: OrderIdAt = (at) => (at < given.length ? (given[at] ?? null) : null);
      (turn.orders?.[colour] ?? []).forEach((order, o) => {
        const place = `turns[${t}].orders.${colour}[${o}]`;
        let command: Command;
        try {
          command = orderCommand(colour, order, `turn-${number}/${colour}/${o}`, place, orderIdAt);
        } catch (error) {
          if (error instanceof CommandRejected) throw new ScenarioFailed(place, error, events);
          throw error;
        }
        given.push(orderIdOf(run(command, place, order.expectRejected === true)));
      });
    }
    const ending = endingOf(turn, number, t, events);
    if (ending !== null) {
      run(ending.command, ending.place);
      return;
    }
    for (const colour of COLOURS) {
      run(
        {
          type: 'ConfirmOrders',
          data: { player: colour },
          metadata: { commandId: `turn-${number}/${colour}/confirm` },
        },
        `turns[${t}] (${colour} confirms)`,
      );
    }
    run(
      {
        type: 'CollectGarbage',
        data: { turn: number },
        metadata: { commandId: `turn-${number}/collect`, correlationId: `turn-${number}/blue/confirm` },
      },
      `turns[${t}] (garbage collection)`,
    );
  });
  return { events, state, rejections, acceptedDespiteExpectation };
}
