import type { Colour, EntityRef } from '@app/rules';
import { isColour } from '@app/rules';
import { describeEvent, describeTarget, reasonInWords } from '../replay/describe-event';
import type { GameEventLine } from '../recording/game-event-line';
import { REDACTED, type ViewedEventLine } from '../viewers/event-redactor';

/** What a line of the move list stands for. */
export type MoveKind =
  | 'setup'
  | 'turn-start'
  | 'cast'
  | 'attack'
  | 'discard'
  | 'hidden'
  | 'confirmation'
  | 'collection'
  | 'resignation'
  | 'ruling'
  | 'end'
  | 'publication';

/**
 * How an order ended: a cast `resolved` (an instant), became `active` or was `squandered`; an attack was `executed`
 * or `fizzled`; a discard was `discarded`; any order may have been `cancelled`, or still be `pending` (its turn has not
 * executed, or never will: the game ended first).
 */
export type MoveOutcome =
  'pending' | 'resolved' | 'active' | 'squandered' | 'executed' | 'fizzled' | 'discarded' | 'cancelled';

/** One line of the move list: who did what, on what, how it ended, and the events it produced. */
export interface MoveLine {
  kind: MoveKind;
  /** Who gave it (null: the game itself, the scheduler, the organiser, or a hidden order's unknown side). */
  player: Colour | null;
  /** `red: bolt → b-archer`, `blue: b-sword attacks r-sword`, `garbage collection: b-archer deleted`. */
  text: string;
  orderId: string | null;
  outcome: MoveOutcome | null;
  /** Why it squandered or fizzled, in words. */
  reason: string | null;
  /** The revision of the event that made that reason true (`reasonEventId`), where the viewer sees it. */
  because: number | null;
  /** Damage it dealt, per minion, in the order dealt. */
  damage: { minionId: string; amount: number }[];
  /** Minions it killed (or removed, replaced), in order. */
  deaths: string[];
  /** Every event it produced, in revision order (the first is where it starts). */
  revisions: number[];
}

/** A turn's lines (turn 0: the set-up), and the revisions it spans. */
export interface TurnMoves {
  turn: number;
  from: number;
  to: number;
  lines: MoveLine[];
}

type Data = Record<string, unknown>;

const PLACED = new Set(['SpellTargeted', 'AttackOrdered', 'CardDiscarded']);
const CANCELLED = new Set(['SpellUntargeted', 'AttackCancelled', 'DiscardCancelled']);
const OUTCOMES: Record<string, MoveOutcome> = {
  SpellResolved: 'resolved',
  SpellActivated: 'active',
  SpellSquandered: 'squandered',
  AttackExecuting: 'executed',
  AttackFizzled: 'fizzled',
};

function text(value: unknown): string {
  return typeof value === 'string' ? value : String(value);
}

function revisionOfId(id: unknown): number | null {
  if (typeof id !== 'string') return null;
  const revision = id.slice(id.lastIndexOf('@') + 1);
  return /^\d+$/.test(revision) ? Number(revision) : null;
}

/** A placed order's line text: `red: bolt → b-archer`, `blue: b-sword attacks r-sword`, `red discards mend`. */
function orderText(type: string, data: Data): string {
  const player = text(data.player);
  if (type === 'SpellTargeted') return `${player}: ${text(data.spell)} → ${describeTarget(data.target as EntityRef)}`;
  if (type === 'AttackOrdered') return `${player}: ${text(data.attackerId)} attacks ${text(data.victimId)}`;
  return `${player} discards ${text(data.spell)}`;
}

function newLine(kind: MoveKind, player: Colour | null, lineText: string, revision: number): MoveLine {
  return {
    kind,
    player,
    text: lineText,
    orderId: null,
    outcome: null,
    reason: null,
    because: null,
    damage: [],
    deaths: [],
    revisions: [revision],
  };
}

/**
 * The move list of one turn, from the events of that turn as one viewer sees them, in revision order: one line per
 * order (who, what, on what, its outcome, the damage and deaths it caused), one for the turn's start, for each
 * confirmation, for the collection and for the game's end. Every event belongs to one line: the order it carries out
 * (by `orderId`), else the line of the event that caused it (`causationId`), else the line before. What the viewer
 * may not see stays unseen: a hidden order is a line of its own, which the turn's release turns into the order it
 * was, in its place; the effects of a hidden spell are the hidden line's.
 */
export class TurnMoveList {
  private readonly lines: MoveLine[] = [];
  private readonly byOrder = new Map<string, MoveLine>();
  private readonly byEvent = new Map<string, MoveLine>();
  private readonly placeholders = new Map<number, MoveLine>();
  private readonly damageBy = new Map<MoveLine, Map<string, number>>();

  constructor(readonly turn: number) {}

  add(event: ViewedEventLine): void {
    const data = (event.data ?? {}) as Data;
    const line = this.lineOf(event, data);
    if (line.revisions.at(-1) !== event.revision) line.revisions.push(event.revision);
    const eventId = event.metadata.eventId;
    if (typeof eventId === 'string') this.byEvent.set(eventId, line);
    this.record(line, event, data);
    for (const released of event.released ?? []) this.release(released);
  }

  result(from: number, to: number): TurnMoves {
    for (const [line, damage] of this.damageBy) {
      line.damage = [...damage].map(([minionId, amount]) => ({ minionId, amount }));
    }
    return { turn: this.turn, from, to, lines: this.lines };
  }

  /** The line an event belongs to, starting a new one where the event starts something. */
  private lineOf(event: ViewedEventLine, data: Data): MoveLine {
    const start = this.startedBy(event, data);
    if (start !== null) {
      this.lines.push(start);
      return start;
    }
    const orderId = typeof data.orderId === 'string' ? data.orderId : null;
    const ordered = orderId === null ? undefined : this.byOrder.get(orderId);
    if (ordered !== undefined) return ordered;
    const caused = this.byEvent.get(text(event.metadata.causationId));
    if (caused !== undefined) return caused;
    const last = this.lines.at(-1);
    if (last !== undefined) return last;
    const orphan = newLine('end', null, describeEvent(event), event.revision);
    this.lines.push(orphan);
    return orphan;
  }

  /** A line that this event opens, or null when it belongs to another. */
  private startedBy(event: ViewedEventLine, data: Data): MoveLine | null {
    const player = isColour(data.player) ? data.player : null;
    const at = event.revision;
    switch (event.type) {
      case 'GameCreated':
        return newLine('setup', null, describeEvent(event), at);
      case 'TurnStarted':
        return newLine('turn-start', null, describeEvent(event), at);
      case 'OrdersConfirmed':
        return newLine('confirmation', player, `${text(data.player)} confirms`, at);
      case 'GarbageCollected':
        return newLine('collection', null, describeEvent(event), at);
      case 'PlayerResigned':
        return newLine('resignation', player, `${text(data.player)} resigns`, at);
      case 'ResultAdjudicated':
        return newLine('ruling', null, describeEvent(event), at);
      case 'GameEnded':
        return newLine('end', null, describeEvent(event), at);
      case 'GameRecordPublished':
        return newLine('publication', null, describeEvent(event), at);
      case REDACTED:
        return this.hidden(event);
      default:
        if (PLACED.has(event.type)) return this.placed(event.type, data, at);
        return null;
    }
  }

  private placed(type: string, data: Data, revision: number): MoveLine {
    const kind: MoveKind = type === 'SpellTargeted' ? 'cast' : type === 'AttackOrdered' ? 'attack' : 'discard';
    const line = newLine(kind, isColour(data.player) ? data.player : null, orderText(type, data), revision);
    line.orderId = typeof data.orderId === 'string' ? data.orderId : null;
    line.outcome = kind === 'discard' ? 'discarded' : 'pending';
    if (line.orderId !== null) this.byOrder.set(line.orderId, line);
    return line;
  }

  /**
   * A placeholder: a hidden order in the orders phase (its own line, until released); elsewhere the hidden events of
   * a non-visible spell, one line for a run of them.
   */
  private hidden(event: ViewedEventLine): MoveLine | null {
    if (event.metadata.phase === 'orders') {
      const line = newLine('hidden', null, 'a hidden order', event.revision);
      this.placeholders.set(event.revision, line);
      return line;
    }
    const last = this.lines.at(-1);
    if (last?.kind === 'hidden' && last.revisions.at(-1) === event.revision - 1) return null;
    return newLine('hidden', null, 'a hidden spell', event.revision);
  }

  /** An order released at its turn's execution (T2): its placeholder's line becomes the order, where it was given. */
  private release(released: GameEventLine): void {
    const line = this.placeholders.get(released.revision);
    const data = (released.data ?? {}) as Data;
    if (line === undefined || !PLACED.has(released.type)) return;
    const order = this.placed(released.type, data, released.revision);
    Object.assign(line, { ...order, revisions: line.revisions });
    if (order.orderId !== null) this.byOrder.set(order.orderId, line);
    this.placeholders.delete(released.revision);
  }

  /** What an event tells of its line's outcome and effects. */
  private record(line: MoveLine, event: ViewedEventLine, data: Data): void {
    if (CANCELLED.has(event.type)) {
      line.outcome = 'cancelled';
      return;
    }
    const outcome = OUTCOMES[event.type];
    if (outcome !== undefined && line.outcome !== 'fizzled') line.outcome = outcome;
    if (event.type === 'SpellSquandered' || event.type === 'AttackFizzled') {
      line.reason = reasonInWords(event.type, text(data.reason));
      line.because = revisionOfId(data.reasonEventId);
    }
    if (event.type === 'DamageApplied') {
      const damage = this.damageBy.get(line) ?? new Map<string, number>();
      const minionId = text(data.minionId);
      damage.set(minionId, (damage.get(minionId) ?? 0) + Number(data.amount ?? 0));
      this.damageBy.set(line, damage);
    }
    if (event.type === 'MinionDied') line.deaths.push(text(data.minionId));
  }
}

/** The move lists of consecutive turns, from their events as one viewer sees them (in revision order). */
export function movesOfTurns(events: Iterable<ViewedEventLine>): TurnMoves[] {
  const turns: TurnMoves[] = [];
  let list: TurnMoveList | null = null;
  let from = 0;
  let to = -1;
  for (const event of events) {
    const turn = Number(event.metadata.turn ?? 0);
    if (list === null || list.turn !== turn) {
      if (list !== null) turns.push(list.result(from, to));
      list = new TurnMoveList(turn);
      from = event.revision;
    }
    list.add(event);
    to = event.revision;
  }
  if (list !== null) turns.push(list.result(from, to));
  return turns;
}
