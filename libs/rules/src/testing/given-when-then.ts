import { CommandRejected } from '../commands/command-rejected.error';
import type { RejectionKind } from '../commands/command-rejected.error';
import type { Command, CommandDataMap, CommandMetadata, CommandType } from '../commands/command';
import { execute } from '../engine/decide';
import { fold } from '../engine/evolve';
import type { DomainEvent } from '../events/domain-event';
import type { EntityRef, GameState } from '../model/game-state';
import { initialState } from '../model/initial-state';
import type { Colour } from '../model/players';
import type { GameSetup } from '../setup/game-setup';
import type { EventPattern } from './event-pattern';
import {
  describeEvent,
  describeEvents,
  findConsecutive,
  findSequence,
  firstDifference,
  matches,
  matchesEvent,
} from './event-pattern';
import { GameBuilder } from './game-builder';
import { order, withOrderIds } from './order-ref';

/**
 * Given / when / then for the decider (after Emmett's DeciderSpecification):
 *
 *   given(game().group(...)).when(turn({ red: [cast('bolt', { minion: 'M1' })] })).then(event('MinionDied'))
 *
 * Every command runs through `execute`, and every run also checks the core-loop invariants of docs/design.md: the
 * state passed to `execute` is never changed, and the fold of everything the game emitted equals the state
 * `execute` returned. Pure: failures throw `SpecificationFailed`, whatever the test runner.
 */
export class SpecificationFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpecificationFailed';
  }
}

/** The game id every specification plays under. */
export const GAME_ID = 'test';

/** A command without its metadata: the specification numbers its commands itself. */
export type CommandInput = {
  [K in CommandType]: { type: K; data: CommandDataMap[K]; metadata?: CommandMetadata };
}[CommandType];

/** What `when` takes: commands, lists of them, or functions that pick the next commands from the current state. */
export type Step = CommandInput | readonly Step[] | ((state: GameState) => Step);

// Commands ---------------------------------------------------------------------------------------------------------

export function createGame(setup: GameSetup | GameBuilder, gameId = GAME_ID): CommandInput {
  return { type: 'CreateGame', data: { gameId, setup: setup instanceof GameBuilder ? setup.build() : setup } };
}

export function targetSpell(player: Colour, spell: string, target: EntityRef): CommandInput {
  return { type: 'TargetSpell', data: { player, spell, target } };
}

export function cancelOrder(player: Colour, orderId: string): CommandInput {
  return { type: 'CancelOrder', data: { player, orderId } };
}

export function discardSpell(player: Colour, spell: string): CommandInput {
  return { type: 'DiscardSpell', data: { player, spell } };
}

export function orderAttack(player: Colour, attackerId: string, victimId: string, attack?: number): CommandInput {
  return { type: 'OrderAttack', data: { player, attackerId, victimId, ...(attack === undefined ? {} : { attack }) } };
}

export function confirm(player: Colour): CommandInput {
  return { type: 'ConfirmOrders', data: { player } };
}

/** [A] A player gives the game up. */
export function resign(player: Colour): CommandInput {
  return { type: 'Resign', data: { player } };
}

/** [A] The organiser rules the result (null: a draw). */
export function adjudicate(winner: Colour | null, reason: string): CommandInput {
  return { type: 'AdjudicateResult', data: { winner, reason } };
}

/** [A] The organiser makes a finished game's whole record public. */
export function publishRecord(): CommandInput {
  return { type: 'PublishRecord', data: {} };
}

/** The scheduled end-of-turn garbage collection (of the turn given, or of the one scheduled). */
export function collectGarbage(turn?: number): Step {
  return (state) => ({ type: 'CollectGarbage', data: { turn: turn ?? state.pendingCollection ?? state.turn } });
}

// Orders, as in a scenario file ------------------------------------------------------------------------------------

export type OrderSpec =
  | { cast: string; target: EntityRef }
  | { attack: { attacker: string; victim: string; attack?: number } }
  | { discard: string };

export const cast = (spell: string, target: EntityRef): OrderSpec => ({ cast: spell, target });
export const attack = (attacker: string, victim: string, attackIndex?: number): OrderSpec => ({
  attack: { attacker, victim, ...(attackIndex === undefined ? {} : { attack: attackIndex }) },
});
export const discard = (spell: string): OrderSpec => ({ discard: spell });

export function orders(player: Colour, ...given: OrderSpec[]): CommandInput[] {
  return given.map((order) => {
    if ('cast' in order) return targetSpell(player, order.cast, order.target);
    if ('attack' in order) return orderAttack(player, order.attack.attacker, order.attack.victim, order.attack.attack);
    return discardSpell(player, order.discard);
  });
}

/** One turn's orders phase and execution: red's orders, blue's orders, red confirms, blue confirms (T2). */
export function turn(given: { red?: OrderSpec[]; blue?: OrderSpec[] } = {}): Step[] {
  return [
    ...orders('red', ...(given.red ?? [])),
    ...orders('blue', ...(given.blue ?? [])),
    confirm('red'),
    confirm('blue'),
  ];
}

/** A whole turn: `turn(...)`, then the scheduled garbage collection, which starts the next turn (T1). */
export function wholeTurn(given: { red?: OrderSpec[]; blue?: OrderSpec[] } = {}): Step[] {
  return [...turn(given), collectGarbage()];
}

// Running ----------------------------------------------------------------------------------------------------------

/** A game so far: every event it emitted and the state they fold to. */
interface History {
  events: DomainEvent[];
  state: GameState;
  commands: number;
}

function describeCommand(command: Command): string {
  return `${command.type} ${JSON.stringify(command.data)}`;
}

function fail(message: string, events?: readonly DomainEvent[]): never {
  throw new SpecificationFailed(events === undefined ? message : `${message}\nevents:\n${describeEvents(events)}`);
}

interface Rejection {
  command: Command;
  error: CommandRejected;
}

/**
 * Runs the steps one command at a time. A refusal fails the specification, except, when `finalMayBeRejected`,
 * a refusal of the very last command, which is returned.
 */
function run(start: History, steps: readonly Step[], finalMayBeRejected: boolean): History & { rejection?: Rejection } {
  const events = [...start.events];
  let state = start.state;
  let commands = start.commands;
  const queue: Step[] = [...steps];
  while (queue.length > 0) {
    const step = queue.shift() as Step;
    if (typeof step === 'function') {
      queue.unshift(step(state));
      continue;
    }
    if (Array.isArray(step)) {
      queue.unshift(...(step as readonly Step[]));
      continue;
    }
    commands += 1;
    const input = withOrderIds(step as CommandInput, events);
    const command = { ...input, metadata: input.metadata ?? { commandId: `cmd-${commands}` } } as Command;
    // A full deep copy, independent of the engine's own cloneState, so a sharing bug there cannot hide.
    const before = structuredClone(state);
    try {
      const decision = execute(state, command);
      const touched = firstDifference(before, state);
      if (touched !== null) fail(`${describeCommand(command)} changed the state passed in at ${touched}`);
      events.push(...decision.events);
      state = decision.state;
    } catch (error) {
      if (!(error instanceof CommandRejected)) throw error;
      const touched = firstDifference(before, state);
      if (touched !== null) fail(`rejected ${describeCommand(command)} changed the state passed in at ${touched}`);
      if (finalMayBeRejected && queue.length === 0) return { events, state, commands, rejection: { command, error } };
      fail(`${describeCommand(command)} was rejected: ${error.message}`, events.slice(start.events.length));
    }
    const folded = fold(events);
    const difference = firstDifference(folded, state);
    if (difference !== null) {
      fail(`after ${describeCommand(command)}, fold(events) differs from the state execute returned at ${difference}`);
    }
  }
  return { events, state, commands };
}

function startOf(start: GameSetup | GameBuilder | readonly DomainEvent[]): History {
  if (Array.isArray(start)) {
    const events = [...(start as readonly DomainEvent[])];
    return { events, state: fold(events, initialState()), commands: 0 };
  }
  const empty: History = { events: [], state: initialState(), commands: 0 };
  return run(empty, [createGame(start as GameSetup | GameBuilder)], false);
}

/**
 * Given a game set-up (which is created, and turn 1 starts) or the events of a game so far, and optionally
 * more steps that belong to the past (earlier turns).
 */
export function given(start: GameSetup | GameBuilder | readonly DomainEvent[], ...past: Step[]): Given {
  return new Given(run(startOf(start), past, false));
}

export class Given {
  constructor(private readonly history: History) {}

  get state(): GameState {
    return this.history.state;
  }

  get events(): readonly DomainEvent[] {
    return this.history.events;
  }

  when(...steps: Step[]): When {
    return new When(this.history, steps);
  }
}

export interface ExpectedRejection {
  kind?: RejectionKind;
  rule?: string | null;
  field?: string | null;
  reason?: string | RegExp;
}

export class When {
  constructor(
    private readonly history: History,
    private readonly steps: readonly Step[],
  ) {}

  /** Runs the steps and returns what they emitted, without asserting anything. */
  run(): Outcome {
    const after = run(this.history, this.steps, false);
    return new Outcome(after, after.events.slice(this.history.events.length));
  }

  /** The events emitted include these, in this order (others may come in between). */
  then(...patterns: EventPattern[]): Outcome {
    return this.run().and(...patterns);
  }

  /** The events emitted include these as a run of consecutive events, nothing in between. */
  thenConsecutive(...patterns: EventPattern[]): Outcome {
    return this.run().andConsecutive(...patterns);
  }

  /**
   * The last command is refused with (at least) these fields, and changes nothing; every command before it
   * is accepted.
   */
  thenRejected(expected: ExpectedRejection): CommandRejected {
    const after = run(this.history, this.steps, true);
    if (after.rejection === undefined) {
      fail(
        `expected a rejection ${JSON.stringify(expected)}, but every command was accepted`,
        after.events.slice(this.history.events.length),
      );
    }
    const { error, command } = after.rejection;
    const { reason, ...fields } = expected;
    const reasonMatches =
      reason === undefined || (typeof reason === 'string' ? error.reason.includes(reason) : reason.test(error.reason));
    if (!matches(error.toJSON(), fields) || !reasonMatches) {
      fail(
        `${describeCommand(command)} was rejected with ${JSON.stringify(error.toJSON())}, ` +
          `expected ${JSON.stringify({ ...fields, ...(reason === undefined ? {} : { reason: String(reason) }) })}`,
      );
    }
    return error;
  }
}

export class Outcome {
  /** Every event of the game, the past included. */
  readonly history: readonly DomainEvent[];
  readonly state: GameState;
  private readonly commands: number;

  constructor(
    after: History,
    /** The events the `when` steps emitted. */
    readonly events: readonly DomainEvent[],
  ) {
    this.history = after.events;
    this.state = after.state;
    this.commands = after.commands;
  }

  /** The events include these, in this order, others allowed in between (docs/testing.md "Expectation files": sequence). */
  and(...given: EventPattern[]): this {
    const patterns = this.resolved(given);
    const result = findSequence(this.events, patterns);
    if ('missing' in result) {
      const previous = this.events[result.after];
      const after = previous === undefined ? 'from the start' : `after ${describeEvent(previous)}`;
      fail(
        `sequence item ${result.missing + 1} ${JSON.stringify(patterns[result.missing])} not found ${after}`,
        this.events,
      );
    }
    return this;
  }

  /** The events include these as a run of consecutive events, nothing in between. */
  andConsecutive(...given: EventPattern[]): this {
    const patterns = this.resolved(given);
    if (findConsecutive(this.events, patterns) < 0) {
      fail(`no run of consecutive events matches ${JSON.stringify(patterns)}`, this.events);
    }
    return this;
  }

  /** No event matches any of these (docs/testing.md "Expectation files": absent). */
  andNot(...given: EventPattern[]): this {
    for (const pattern of this.resolved(given)) {
      const found = this.events.find((candidate) => matchesEvent(candidate, pattern));
      if (found) fail(`absent item ${JSON.stringify(pattern)} matched ${describeEvent(found)}`, this.events);
    }
    return this;
  }

  /** Exactly `n` events match the pattern (docs/testing.md "Expectation files": count). */
  andCount(given: EventPattern, n: number): this {
    const pattern = this.resolvedOne(given);
    const count = this.findAll(pattern).length;
    if (count !== n) fail(`expected ${n} events matching ${JSON.stringify(pattern)}, found ${count}`, this.events);
    return this;
  }

  /** Assertions on the resulting state; `orderId(n)` is the id of the game's nth order (see order-ref.ts). */
  andState(check: (state: GameState, orderId: (n: number) => string) => void): this {
    check(this.state, (n) => this.orderId(n));
    return this;
  }

  /** `order(n)` references in expected events, as the ids this game gave its orders (see order-ref.ts). */
  private resolved(patterns: readonly EventPattern[]): EventPattern[] {
    return withOrderIds([...patterns], this.history);
  }

  private resolvedOne<P extends EventPattern>(pattern: P): P {
    return withOrderIds(pattern, this.history);
  }

  /** The id of the game's nth order (1-based), for assertions on the state. */
  orderId(n: number): string {
    return withOrderIds(order(n), this.history);
  }

  /** The first emitted event that matches (fails if none does). */
  find<K extends EventPattern>(given: K): Extract<DomainEvent, { type: K['type'] }> {
    const pattern = this.resolvedOne(given);
    const found = this.events.find((candidate) => matchesEvent(candidate, pattern));
    if (found === undefined) fail(`no event matches ${JSON.stringify(pattern)}`, this.events);
    return found as Extract<DomainEvent, { type: K['type'] }>;
  }

  findAll<K extends EventPattern>(given: K): Extract<DomainEvent, { type: K['type'] }>[] {
    const pattern = this.resolvedOne(given);
    return this.events.filter((candidate) => matchesEvent(candidate, pattern)) as Extract<
      DomainEvent,
      { type: K['type'] }
    >[];
  }

  /** The state right after the first emitted event that matches: time travel into the middle of a pipeline. */
  stateAfter(given: EventPattern): GameState {
    const pattern = this.resolvedOne(given);
    const at = this.events.findIndex((candidate) => matchesEvent(candidate, pattern));
    if (at < 0) fail(`no event matches ${JSON.stringify(pattern)}`, this.events);
    return fold(this.history.slice(0, this.history.length - this.events.length + at + 1));
  }

  /** The event types emitted, in order (optionally only those matching one of the patterns). */
  types(...only: EventPattern[]): string[] {
    return this.events
      .filter((candidate) => only.length === 0 || only.some((pattern) => matchesEvent(candidate, pattern)))
      .map((candidate) => candidate.type);
  }

  /** Goes on playing from here: the events so far become the past. */
  when(...steps: Step[]): When {
    return new When({ events: [...this.history], state: this.state, commands: this.commands }, steps);
  }
}
