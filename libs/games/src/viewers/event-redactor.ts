import type { Colour, GameState, Phase, SpellDefinition } from '@app/rules';
import type { GameEventLine } from '../recording/game-event-line';
import type { Viewer } from './viewer';
import { isViewersOwn } from './viewer';

/** What a viewer gets instead of an event it may not see: that something happened, and when. */
export const REDACTED = 'Redacted';

/** An event as a viewer may see it; a SpellExecutionPhaseStarted also carries the orders it releases. */
export interface ViewedEventLine extends GameEventLine {
  released?: GameEventLine[];
}

interface KnownOrder {
  player: Colour;
  turn: number;
  /** A cast of a non-visible spell: seen only by its owner, even after execution (S9). */
  secretSpell: boolean;
}

const ORDER_EVENTS = new Set([
  'SpellTargeted',
  'SpellUntargeted',
  'CardDiscarded',
  'DiscardCancelled',
  'AttackOrdered',
  'AttackCancelled',
]);
const CAST_LIFE_EVENTS = new Set(['SpellExecuting', 'SpellSquandered', 'SpellResolved', 'SpellActivated']);
const ACTIVE_SPELL_EVENTS = new Set(['SpellDispelled', 'SpellExpired']);

type Data = Record<string, unknown>;

/** The turn whose orders everybody may see: up to this one (T2: released when its execution starts). */
export function releasedTurnAt(turn: number, phase: Phase): number {
  return phase === 'setup' || phase === 'start' || phase === 'orders' ? turn - 1 : turn;
}

/**
 * Applies the viewer rules to a game's events, in revision order (DESIGN.md "Viewers", RULES.md T2, S9):
 * - nobody but the organiser sees the other side's orders before that turn's SpellExecutionPhaseStarted: until
 *   then they show as `Redacted`, and that event then carries them in `released`;
 * - a non-visible spell is seen only by its owner: its orders, execution and activation are `Redacted`, and the
 *   effects it triggers name no source;
 * - nobody but the organiser sees the seed, or the other side's hand and deck;
 * - the hash chain is the organiser's (a hash of a short hidden value can be brute-forced): others get no hashes.
 * It starts from the state just before the first event it will see, so a read can start mid-stream.
 */
export class EventRedactor {
  private readonly hiddenSpells = new Set<string>();
  private readonly orders = new Map<string, KnownOrder>();
  private readonly held: GameEventLine[] = [];
  private readonly spellVisible = new Map<string, boolean>();
  private releasedTurn: number;

  constructor(
    private readonly viewer: Viewer,
    before: GameState,
    /** Where the game stands now: orders released by then are shown in place. */
    present: { turn: number; phase: Phase },
  ) {
    this.releasedTurn = releasedTurnAt(present.turn, present.phase);
    this.learnSpells(before.spells);
    for (const active of Object.values(before.activeSpells)) {
      if (!active.visible && !isViewersOwn(viewer, active.owner)) this.hiddenSpells.add(active.id);
    }
    for (const order of Object.values(before.orders)) {
      const secretSpell = order.kind === 'cast' && this.spellVisible.get(order.spell) === false;
      this.orders.set(order.id, { player: order.player, turn: before.turn, secretSpell });
    }
  }

  view(line: GameEventLine): ViewedEventLine {
    if (this.viewer.role === 'organiser') return line;
    const viewed = this.redact(line);
    if (viewed.type === REDACTED) return viewed;
    return { ...viewed, metadata: withoutHashes(viewed.metadata) };
  }

  private redact(line: GameEventLine): ViewedEventLine {
    const data = line.data as Data;
    switch (line.type) {
      case 'GameCreated':
        return { ...line, data: this.redactGameCreated(data) };
      case 'CardsDrawn':
        if (this.own(data.player)) return line;
        return { ...line, data: { ...data, cards: [], cardCount: (data.cards as string[]).length } };
      case 'SpellExecutionPhaseStarted':
        return this.release(line);
      case 'StatsModified':
        return this.hiddenSpells.has(data.activeSpellId as string)
          ? { ...line, data: { ...data, activeSpellId: null } }
          : line;
    }
    if (ORDER_EVENTS.has(line.type)) return this.redactOrder(line, data);
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
    if (line.type === 'SpellTargeted' || line.type === 'CardDiscarded' || line.type === 'AttackOrdered') {
      const secretSpell = line.type === 'SpellTargeted' && this.spellVisible.get(data.spell as string) === false;
      this.orders.set(orderId, { player: data.player as Colour, turn: Number(line.metadata.turn), secretSpell });
    }
    const order = this.orders.get(orderId);
    if (order === undefined || this.own(order.player)) return line;
    if (order.secretSpell) return placeholder(line);
    if (order.turn > this.releasedTurn) {
      this.held.push(line);
      return placeholder(line);
    }
    return line;
  }

  private redactCastLife(line: GameEventLine, data: Data): ViewedEventLine {
    if (line.type === 'SpellActivated' && data.visible === false && !this.own(data.owner)) {
      this.hiddenSpells.add(data.activeSpellId as string);
      return placeholder(line);
    }
    const order = this.orders.get(data.orderId as string);
    return order?.secretSpell && !this.own(order.player) ? placeholder(line) : line;
  }

  /** T2: execution starts, so this turn's orders are everybody's now. */
  private release(line: GameEventLine): ViewedEventLine {
    const turn = Number(line.metadata.turn);
    this.releasedTurn = Math.max(this.releasedTurn, turn);
    if (this.held.length === 0) return line;
    const released = this.held.splice(0).map((held) => ({ ...held, metadata: withoutHashes(held.metadata) }));
    return { ...line, released };
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

function placeholder(line: GameEventLine): ViewedEventLine {
  const { gameId, eventId, turn, phase } = line.metadata;
  return { revision: line.revision, type: REDACTED, data: {}, metadata: { gameId, eventId, turn, phase } };
}

function withoutHashes(metadata: Record<string, unknown>): Record<string, unknown> {
  const { prevHash: _prevHash, hash: _hash, ...rest } = metadata;
  return rest;
}
