import type { CommandType, EventType, GameResult, GameState } from '@app/rules';
import { resultOfGameEnded } from '@app/verifier';
import type { StoredGameEvent } from '../recording/stored-game-event';

/** What a handled command recorded, whatever the command. */
export interface CommandRecord {
  gameId: string;
  /**
   * The recorded events, with their revisions and chained metadata, typed by the vocabulary: the engine's own on a
   * first answer, events checked at the store boundary on a retry's.
   */
  events: StoredGameEvent[];
  /** The game's last revision after the append. */
  revision: number;
  state: GameState;
  /**
   * The game's result as of `revision` (GameEnded, recorded by this command or before it), null while it went on:
   * taken when the command is decided (the cached state changes in place with the next command) or, for a retry,
   * read from the store. A receipt signs it.
   */
  resultAtRevision: GameResult | null;
  /** True when this is the answer to a retried command: its events were recorded before, nothing new was. */
  replayed?: boolean;
}

/** What each command did, as the events it recorded say. */
export interface CommandOutcomeMap {
  /** The game's id and revision say it all; its GameCreated is still required. */
  CreateGame: Record<never, never>;
  /** The id the game gave the order (SpellTargeted). */
  TargetSpell: { orderId: string };
  /** The id the game gave the order (AttackOrdered). */
  OrderAttack: { orderId: string };
  /** The id the game gave the order (CardDiscarded). */
  DiscardSpell: { orderId: string };
  /** The order taken back (SpellUntargeted, DiscardCancelled or AttackCancelled). */
  CancelOrder: { cancelledOrderId: string };
  /**
   * T2: the turn this confirmation executed (its TurnEnded), null for the first of the two; `result` when executing
   * it ended the game (a turn limit [A]).
   */
  ConfirmOrders: { executedTurn: number | null; result: GameResult | null };
  /** T1: the turn collected, the minions deleted, and the turn that started after (null when the game had ended). */
  CollectGarbage: { collectedTurn: number; collectedMinionIds: string[]; startedTurn: number | null };
  /** [A] The game's result (GameEnded). */
  Resign: { result: GameResult };
  /** [A] The game's result (GameEnded). */
  AdjudicateResult: { result: GameResult };
  /** [A] The record made public (GameRecordPublished): the game's id and revision say the rest. */
  PublishRecord: Record<never, never>;
}

/** A handled command's record with what it did, discriminated by `type` (the command's). */
export type CommandOutcome<K extends CommandType = CommandType> = {
  [T in K]: CommandRecord & { type: T } & CommandOutcomeMap[T];
}[K];

/**
 * A command's events lack the event its outcome is read from: the engine recorded something it never records, or a
 * retry found a stored command that is not what it was.
 */
export class CommandOutcomeError extends Error {
  override readonly name = 'CommandOutcomeError';

  constructor(
    readonly gameId: string,
    readonly command: CommandType,
    readonly missing: readonly EventType[],
    revisions: string,
  ) {
    super(`game ${gameId}: the events of ${command} (${revisions}) hold no ${missing.join(' or ')}`);
  }
}

function isOneOf<K extends EventType>(event: StoredGameEvent, types: readonly K[]): event is StoredGameEvent<K> {
  return types.some((type) => type === event.type);
}

/** One command's events, searched by type. */
class RecordedEvents {
  constructor(
    private readonly record: CommandRecord,
    private readonly command: CommandType,
  ) {}

  /** The first event of one of these types, if any. */
  find<K extends EventType>(...types: K[]): StoredGameEvent<K> | undefined {
    return this.record.events.find((event) => isOneOf(event, types));
  }

  /** The last event of one of these types, if any: for what a command records at its end (a turn's TurnEnded). */
  findLast<K extends EventType>(...types: K[]): StoredGameEvent<K> | undefined {
    const { events } = this.record;
    for (let i = events.length - 1; i >= 0; i -= 1) {
      const event = events[i] as StoredGameEvent;
      if (isOneOf(event, types)) return event;
    }
    return undefined;
  }

  /** The first event of one of these types, which the command must have recorded. */
  get<K extends EventType>(...types: K[]): StoredGameEvent<K> {
    const found = this.find(...types);
    if (found === undefined) throw new CommandOutcomeError(this.record.gameId, this.command, types, this.revisions());
    return found;
  }

  private revisions(): string {
    const first = this.record.events[0]?.revision;
    const last = this.record.events.at(-1)?.revision;
    if (first === undefined || last === undefined) return 'no events';
    return first === last ? `revision ${first}` : `revisions ${first}–${last}`;
  }
}

function resultOf(ended: StoredGameEvent<'GameEnded'> | undefined): GameResult | null {
  return ended === undefined ? null : resultOfGameEnded(ended.data);
}

/** Per command, where its outcome is read from. */
const OUTCOMES: { [K in CommandType]: (events: RecordedEvents) => CommandOutcomeMap[K] } = {
  CreateGame: (events) => {
    events.get('GameCreated');
    return {};
  },
  TargetSpell: (events) => ({ orderId: events.get('SpellTargeted').data.orderId }),
  OrderAttack: (events) => ({ orderId: events.get('AttackOrdered').data.orderId }),
  DiscardSpell: (events) => ({ orderId: events.get('CardDiscarded').data.orderId }),
  CancelOrder: (events) => ({
    cancelledOrderId: events.get('SpellUntargeted', 'DiscardCancelled', 'AttackCancelled').data.orderId,
  }),
  ConfirmOrders: (events) => {
    events.get('OrdersConfirmed');
    // An executed turn's TurnEnded and GameEnded come last, after the turn's own events: read from the end.
    return {
      executedTurn: events.findLast('TurnEnded')?.data.turn ?? null,
      result: resultOf(events.findLast('GameEnded')),
    };
  },
  CollectGarbage: (events) => {
    const { turn, minionIds } = events.get('GarbageCollected').data;
    return {
      collectedTurn: turn,
      collectedMinionIds: minionIds,
      startedTurn: events.findLast('TurnStarted')?.data.turn ?? null,
    };
  },
  Resign: (events) => ({ result: resultOfGameEnded(events.get('GameEnded').data) }),
  AdjudicateResult: (events) => ({ result: resultOfGameEnded(events.get('GameEnded').data) }),
  PublishRecord: (events) => {
    events.get('GameRecordPublished');
    return {};
  },
};

/**
 * What a command of this type did, read from the events it recorded: the one place that looks into them, so that
 * its callers (controllers, the CLI) read typed fields. A missing event the command always records is a
 * CommandOutcomeError, never an undefined field.
 */
export function commandOutcome<K extends CommandType>(type: K, record: CommandRecord): CommandOutcome<K> {
  const outcome = { ...record, type, ...OUTCOMES[type](new RecordedEvents(record, type)) };
  return outcome;
}
