import type { Colour, EventDataMap, GameState, Phase, SpellDefinition } from '@app/rules';
import { CHAIN_SECRET_FIELD } from '@app/verifier';
import type { GameEventLine } from '../recording/game-event-line';
import type { StoredGameEvent } from '../recording/stored-game-event';
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

/** The events that give an order: held back from the other side until the turn executes (T2). */
type PlacingOrderEvent = 'SpellTargeted' | 'CardDiscarded' | 'AttackOrdered';

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
 * Applies the viewer rules to a game's events, in revision order (docs/design.md, docs/rules.md T2, S9):
 * - nobody but the organiser sees the other side's orders in place: they show as `Redacted` where they were given,
 *   and the turn's SpellExecutionPhaseStarted carries them in `released` (T2). An order cancelled before execution
 *   is never released: it would tell which card is still in that player's hand;
 * - a non-visible spell is seen only by its owner: its orders, execution and activation are `Redacted`, its order
 *   id is left out of the phase's order list, and the effects it triggers name no source;
 * - nobody but the organiser sees the seed, or the other side's hand and deck, or its mana pool (what it generates
 *   and gains, yes: the pool would tell what went on its non-visible spells and hidden orders);
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
  private held: StoredGameEvent<PlacingOrderEvent>[] = [];
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

  view(event: StoredGameEvent): ViewedEventLine {
    if (seesTheRecord(this.viewer)) return event;
    const viewed = this.redact(event);
    if (viewed.type === REDACTED) return viewed;
    return { ...viewed, metadata: withoutChainFields(viewed.metadata) };
  }

  private redact(event: StoredGameEvent): ViewedEventLine {
    switch (event.type) {
      case 'GameCreated':
        return { ...event, data: this.redactGameCreated(event.data) };
      case 'CardsDrawn':
        if (this.own(event.data.player)) return event;
        return { ...event, data: { ...event.data, cards: [], cardCount: event.data.cards.length } };
      // A player's pool is its own: what went on non-visible spells (S9), and on orders still hidden (T2), would
      // show in it. The others see what it generates and gains.
      case 'ManaGenerated':
      case 'ManaGained':
        if (this.own(event.data.player)) return event;
        return { ...event, data: { player: event.data.player, mana: event.data.mana } };
      case 'StatsModified':
        return event.data.activeSpellId !== null && this.hiddenSpells.has(event.data.activeSpellId)
          ? { ...event, data: { ...event.data, activeSpellId: null } }
          : event;
      // The orders a phase executes: a secret order's id is left out for those who may not see it.
      case 'SpellExecutionPhaseStarted':
      case 'CombatPhaseStarted':
        return this.redactOrderList(event);
      case 'SpellTargeted':
      case 'CardDiscarded':
      case 'AttackOrdered':
        return this.redactPlacedOrder(event);
      case 'SpellUntargeted':
      case 'DiscardCancelled':
      case 'AttackCancelled':
        return this.redactCancelledOrder(event);
      case 'SpellActivated':
        if (!event.data.visible && !this.own(event.data.owner)) {
          this.hiddenSpells.add(event.data.activeSpellId);
          return placeholder(event);
        }
        return this.redactCastLife(event);
      case 'SpellExecuting':
      case 'SpellSquandered':
      case 'SpellResolved':
        return this.redactCastLife(event);
      case 'SpellDispelled':
      case 'SpellExpired':
      case 'SpellTransferred':
        return this.hiddenSpells.has(event.data.activeSpellId) ? placeholder(event) : event;
      default:
        return this.redactTriggerSource(event);
    }
  }

  /** An effect triggered by a spell the viewer may not see names no source. */
  private redactTriggerSource(event: StoredGameEvent): ViewedEventLine {
    const by = 'by' in event.data ? event.data.by : undefined;
    if (by !== undefined && 'activeSpellId' in by && this.hiddenSpells.has(by.activeSpellId)) {
      return { ...event, data: { ...event.data, by: { hidden: true } } };
    }
    return event;
  }

  private redactPlacedOrder(event: StoredGameEvent<PlacingOrderEvent>): ViewedEventLine {
    const { orderId, player } = event.data;
    const secretSpell = event.type === 'SpellTargeted' && this.spellVisible.get(event.data.spell) === false;
    this.orders.set(orderId, { player, secretSpell });
    if (this.own(player)) return event;
    if (secretSpell) return placeholder(event);
    this.held.push(event);
    return placeholder(event);
  }

  private redactCancelledOrder(
    event: StoredGameEvent<'SpellUntargeted' | 'DiscardCancelled' | 'AttackCancelled'>,
  ): ViewedEventLine {
    const { orderId } = event.data;
    const order = this.orders.get(orderId);
    if (this.own(order?.player ?? event.data.player)) return event;
    if (order?.secretSpell) return placeholder(event);
    // Never executed, so never released: the card it named may still be in that player's hand.
    this.held = this.held.filter((held) => held.data.orderId !== orderId);
    return placeholder(event);
  }

  private redactCastLife(
    event: StoredGameEvent<'SpellExecuting' | 'SpellSquandered' | 'SpellResolved' | 'SpellActivated'>,
  ): ViewedEventLine {
    const order = this.orders.get(event.data.orderId);
    return order?.secretSpell && !this.own(order.player) ? placeholder(event) : event;
  }

  /** T2: a phase starts executing orders; at SpellExecutionPhaseStarted this turn's orders are everybody's. */
  private redactOrderList(
    event: StoredGameEvent<'SpellExecutionPhaseStarted' | 'CombatPhaseStarted'>,
  ): ViewedEventLine {
    const given = event.data.orderIds;
    const orderIds = given.filter((orderId) => this.mayKnowOrder(orderId));
    const shown = orderIds.length === given.length ? event : { ...event, data: { ...event.data, orderIds } };
    if (event.type !== 'SpellExecutionPhaseStarted' || this.held.length === 0) return shown;
    const released = this.held.map((held) => ({ ...held, metadata: withoutChainFields(held.metadata) }));
    this.held = [];
    return { ...shown, released };
  }

  /** An order of unknown origin is treated as secret: the redactor has seen every order of a turn it shows. */
  private mayKnowOrder(orderId: string): boolean {
    const order = this.orders.get(orderId);
    return order !== undefined && (!order.secretSpell || this.own(order.player));
  }

  private redactGameCreated(data: EventDataMap['GameCreated']): Record<string, unknown> {
    const { spells, players, board } = data;
    this.learnSpells(spells);
    const activeSpells = board.activeSpells.filter((active) => {
      const hidden = !active.visible && !this.own(active.owner);
      if (hidden) this.hiddenSpells.add(active.id);
      return !hidden;
    });
    const known = new Set<string>(activeSpells.map((active) => active.spell));
    const shownPlayers: Record<string, unknown> = {};
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
