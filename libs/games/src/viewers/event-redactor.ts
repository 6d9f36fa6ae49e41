import type { Colour, GameState, Phase, SpellDefinition } from '@app/rules';
import { CHAIN_SECRET_FIELD } from '../recording/chain-secret';
import type { GameEventLine } from '../recording/game-event-line';
import type { Viewer } from './viewer';
import { isViewersOwn, seesTheRecord } from './viewer';

/** What a viewer gets instead of an event it may not see: that something happened, and when. */
export const REDACTED = 'Redacted';

/** An event as a viewer may see it; a SpellExecutionPhaseStarted also carries the orders it releases. */
export interface ViewedEventLine extends GameEventLine {
  released?: GameEventLine[];
}

interface KnownOrder {
  player: Colour;
  /** A cast of a non-visible spell: seen only by its owner, even after execution (S9). */
  secretSpell: boolean;
}

const PLACING_EVENTS = new Set(['SpellTargeted', 'CardDiscarded', 'AttackOrdered']);
const CANCELLING_EVENTS = new Set(['SpellUntargeted', 'DiscardCancelled', 'AttackCancelled']);
const CAST_LIFE_EVENTS = new Set(['SpellExecuting', 'SpellSquandered', 'SpellResolved', 'SpellActivated']);
const ACTIVE_SPELL_EVENTS = new Set(['SpellDispelled', 'SpellExpired']);
/** Events that list the orders a phase executes: a secret order's id is left out for those who may not see it. */
const ORDER_LIST_EVENTS = new Set(['SpellExecutionPhaseStarted', 'CombatPhaseStarted']);

type Data = Record<string, unknown>;

/** The turn whose orders everybody may see: up to this one (T2: released when its execution starts). */
export function releasedTurnAt(turn: number, phase: Phase): number {
  return phase === 'setup' || phase === 'start' || phase === 'orders' ? turn - 1 : turn;
}

/**
 * Whether a redactor that is to show events from some revision on must start earlier, at the first event of that
 * turn's orders phase: when the state just before that revision is in an orders phase, orders placed before it
 * are released with the turn's SpellExecutionPhaseStarted, and the redactor must have seen them to release them.
 */
export function redactorMustStartAtOrdersPhase(phaseBefore: Phase): boolean {
  return phaseBefore === 'orders';
}

/**
 * Applies the viewer rules to a game's events, in revision order (DESIGN.md "Viewers", RULES.md T2, S9):
 * - nobody but the organiser sees the other side's orders in place: they show as `Redacted` where they were given,
 *   and the turn's SpellExecutionPhaseStarted carries them in `released` (T2). An order cancelled before execution
 *   is never released: it would tell which card is still in that player's hand;
 * - a non-visible spell is seen only by its owner: its orders, execution and activation are `Redacted`, its order
 *   id is left out of the phase's order list, and the effects it triggers name no source;
 * - nobody but the organiser sees the seed, or the other side's hand and deck;
 * - the hash chain is the organiser's: others get no hashes in events, and never the chain secret that keys it
 *   (a receipt's hash tells nothing only while the secret is unknown, see chain-secret.ts).
 *
 * What a viewer is shown of an event depends only on the events before it, never on when it is read: an event
 * list read today, a live stream and a stream resumed with Last-Event-ID all show the same lines. A redactor
 * starts from the state just before the first event it sees (so a read can start mid-stream); when that state is
 * in an orders phase it must start at that phase's first event instead (see redactorMustStartAtOrdersPhase).
 */
export class EventRedactor {
  private readonly hiddenSpells = new Set<string>();
  private readonly orders = new Map<string, KnownOrder>();
  /** Other sides' order events of the turn under way, in order: released when its execution starts. */
  private held: GameEventLine[] = [];
  private readonly spellVisible = new Map<string, boolean>();

  constructor(
    private readonly viewer: Viewer,
    before: GameState,
  ) {
    this.learnSpells(before.spells);
    for (const active of Object.values(before.activeSpells)) {
      if (!active.visible && !isViewersOwn(viewer, active.owner)) this.hiddenSpells.add(active.id);
    }
    for (const order of Object.values(before.orders)) {
      const secretSpell = order.kind === 'cast' && this.spellVisible.get(order.spell) === false;
      this.orders.set(order.id, { player: order.player, secretSpell });
    }
  }

  view(line: GameEventLine): ViewedEventLine {
    if (seesTheRecord(this.viewer)) return line;
    const viewed = this.redact(line);
    if (viewed.type === REDACTED) return viewed;
    return { ...viewed, metadata: withoutChainFields(viewed.metadata) };
  }

  private redact(line: GameEventLine): ViewedEventLine {
    const data = line.data as Data;
    switch (line.type) {
      case 'GameCreated':
        return { ...line, data: this.redactGameCreated(data) };
      case 'CardsDrawn':
        if (this.own(data.player)) return line;
        return { ...line, data: { ...data, cards: [], cardCount: (data.cards as string[]).length } };
      case 'StatsModified':
        return this.hiddenSpells.has(data.activeSpellId as string)
          ? { ...line, data: { ...data, activeSpellId: null } }
          : line;
    }
    if (ORDER_LIST_EVENTS.has(line.type)) return this.redactOrderList(line, data);
    if (PLACING_EVENTS.has(line.type) || CANCELLING_EVENTS.has(line.type)) return this.redactOrder(line, data);
    if (CAST_LIFE_EVENTS.has(line.type)) return this.redactCastLife(line, data);
    if (ACTIVE_SPELL_EVENTS.has(line.type) && this.hiddenSpells.has(data.activeSpellId as string))
      return placeholder(line);
    const by = data.by as { activeSpellId?: string } | undefined;
    if (by?.activeSpellId !== undefined && this.hiddenSpells.has(by.activeSpellId)) {
      return { ...line, data: { ...data, by: { hidden: true } } };
    }
    return line;
  }

  private redactOrder(line: GameEventLine, data: Data): ViewedEventLine {
    const orderId = data.orderId as string;
    if (PLACING_EVENTS.has(line.type)) {
      const secretSpell = line.type === 'SpellTargeted' && this.spellVisible.get(data.spell as string) === false;
      this.orders.set(orderId, { player: data.player as Colour, secretSpell });
    }
    const order = this.orders.get(orderId);
    if (this.own(order?.player ?? data.player)) return line;
    if (order?.secretSpell) return placeholder(line);
    if (CANCELLING_EVENTS.has(line.type)) {
      // Never executed, so never released: the card it named may still be in that player's hand.
      this.held = this.held.filter((held) => (held.data as Data).orderId !== orderId);
    } else {
      this.held.push(line);
    }
    return placeholder(line);
  }

  private redactCastLife(line: GameEventLine, data: Data): ViewedEventLine {
    if (line.type === 'SpellActivated' && data.visible === false && !this.own(data.owner)) {
      this.hiddenSpells.add(data.activeSpellId as string);
      return placeholder(line);
    }
    const order = this.orders.get(data.orderId as string);
    return order?.secretSpell && !this.own(order.player) ? placeholder(line) : line;
  }

  /** T2: a phase starts executing orders; at SpellExecutionPhaseStarted this turn's orders are everybody's. */
  private redactOrderList(line: GameEventLine, data: Data): ViewedEventLine {
    const given = data.orderIds as string[];
    const orderIds = given.filter((orderId) => this.mayKnowOrder(orderId));
    const shown = orderIds.length === given.length ? line : { ...line, data: { ...data, orderIds } };
    if (line.type !== 'SpellExecutionPhaseStarted' || this.held.length === 0) return shown;
    const released = this.held.map((held) => ({ ...held, metadata: withoutChainFields(held.metadata) }));
    this.held = [];
    return { ...shown, released };
  }

  /** An order of unknown origin is treated as secret: the redactor has seen every order of a turn it shows. */
  private mayKnowOrder(orderId: string): boolean {
    const order = this.orders.get(orderId);
    return order !== undefined && (!order.secretSpell || this.own(order.player));
  }

  private redactGameCreated(data: Data): Data {
    const spells = data.spells as Record<string, SpellDefinition>;
    this.learnSpells(spells);
    const players = data.players as Record<Colour, { hand: string[]; deck: string[] }>;
    const board = data.board as { activeSpells: { id: string; owner: string; spell: string; visible: boolean }[] };
    const activeSpells = board.activeSpells.filter((active) => {
      const hidden = !active.visible && !this.own(active.owner);
      if (hidden) this.hiddenSpells.add(active.id);
      return !hidden;
    });
    const known = new Set<string>(activeSpells.map((active) => active.spell));
    const shownPlayers: Data = {};
    for (const colour of ['red', 'blue'] as const) {
      const player = players[colour];
      if (this.own(colour)) {
        shownPlayers[colour] = player;
        for (const key of [...player.hand, ...player.deck]) known.add(key);
      } else {
        shownPlayers[colour] = {
          ...player,
          hand: [],
          deck: [],
          handSize: player.hand.length,
          deckSize: player.deck.length,
        };
      }
    }
    return {
      ...data,
      seed: null,
      spells: Object.fromEntries(Object.entries(spells).filter(([key]) => known.has(key))),
      players: shownPlayers,
      board: { ...board, activeSpells },
    };
  }

  private learnSpells(spells: Record<string, SpellDefinition>): void {
    for (const [key, spell] of Object.entries(spells)) this.spellVisible.set(key, spell.visible);
  }

  private own(owner: unknown): boolean {
    return isViewersOwn(this.viewer, String(owner));
  }
}

/**
 * A `?types=` filter over viewed events: by the type the viewer sees (a placeholder is `Redacted`, so its hidden
 * type cannot be learnt by filtering for it). Released orders only ride on their SpellExecutionPhaseStarted, so
 * that event is also kept, carrying just the released orders of the types asked for, when there are any.
 */
export function viewedOfTypes(viewed: ViewedEventLine, types: ReadonlySet<string> | undefined): ViewedEventLine | null {
  if (types === undefined || types.has(viewed.type)) return viewed;
  const released = viewed.released?.filter((line) => types.has(line.type)) ?? [];
  return released.length === 0 ? null : { ...viewed, released };
}

function placeholder(line: GameEventLine): ViewedEventLine {
  const { gameId, eventId, turn, phase } = line.metadata;
  return { revision: line.revision, type: REDACTED, data: {}, metadata: { gameId, eventId, turn, phase } };
}

/** The chain's links and the secret that keys it: the organiser's alone. */
function withoutChainFields(metadata: Record<string, unknown>): Record<string, unknown> {
  const { prevHash: _prevHash, hash: _hash, [CHAIN_SECRET_FIELD]: _secret, ...rest } = metadata;
  return rest;
}
