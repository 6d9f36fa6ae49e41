import { describeEvent } from '../replay/describe-event';
import { REDACTED, type ViewedEventLine } from '../viewers/event-redactor';
import type { GameEventLine } from '../recording/game-event-line';

/** One thing that happened to a minion (or that it did), in the sentence the replay shows. */
export interface StoryEntry {
  revision: number;
  turn: number;
  phase: string;
  type: string;
  sentence: string;
}

/** How a minion died, and why: the chain of events from what a player did to its death, each in its sentence. */
export interface MinionDeath {
  revision: number;
  turn: number;
  category: string;
  /** `b-archer is killed in turn 1: red's bolt (order.9) dealt 3 damage (3 → 0 HP)`. */
  sentence: string;
  /** The chain of causes in revision order: the order (when the viewer may see it) first, the death last. */
  because: StoryEntry[];
}

/** Pipeline steps that name the minion but tell nothing its story's other lines do not (a hit has its DamageApplied). */
const QUIET_STEPS = new Set([
  'DamageIncoming',
  'DamageResolved',
  'DamageCapped',
  'DeathStarted',
  'MinionDying',
  'MinionRemovedFromGroup',
  'ArmorRestored',
]);

/** The events that place an order, by the id they give it. */
const PLACED = new Set(['SpellTargeted', 'AttackOrdered', 'CardDiscarded']);

type Data = Record<string, unknown>;

function names(value: unknown, id: string): boolean {
  if (value === id) return true;
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value as object).some((inner) => names(inner, id));
}

function entryOf(event: GameEventLine): StoryEntry {
  return {
    revision: event.revision,
    turn: Number(event.metadata.turn ?? 0),
    phase: String(event.metadata.phase ?? ''),
    type: event.type,
    sentence: describeEvent(event),
  };
}

/** A minion of the set-up as GameCreated gives it: its line of the story is its creation. */
function setUpSentence(event: GameEventLine, id: string): string | null {
  const groups = ((event.data as Data).board as { groups?: unknown } | undefined)?.groups;
  for (const group of Array.isArray(groups) ? (groups as Data[]) : []) {
    const minions = Array.isArray(group.minions) ? (group.minions as Data[]) : [];
    const minion = minions.find((candidate) => candidate.id === id);
    if (minion === undefined) continue;
    const what = [minion.class, minion.kind].filter((word) => typeof word === 'string').join(' ');
    return (
      `${id} (${String(group.owner)} ${what}, ${String(minion.hp)}/${String(minion.maxHp ?? minion.hp)} HP, ` +
      `armor ${String(minion.armor)}) is set up in group ${String(group.id)} on ${String(group.square)}`
    );
  }
  return null;
}

/** What set the death in motion, in words, from the chain (the execution, or a start-of-turn effect). */
function causeOf(chain: readonly GameEventLine[]): string {
  for (const event of chain) {
    const data = (event.data ?? {}) as Data;
    if (event.type === REDACTED && event.metadata.phase !== 'orders') return 'a hidden spell';
    if (event.type === 'SpellExecuting') {
      return `${String(data.player)}'s ${String(data.spell)} (${String(data.orderId)})`;
    }
    if (event.type === 'AttackExecuting') {
      return `${String(data.attackerId)}'s attack (${String(data.player)}'s ${String(data.orderId)})`;
    }
    if (event.type === 'StartOfTurnEffectTriggered') return 'an effect at the start of the turn';
    if (event.type === 'GarbageCollected') return 'the end of the turn';
  }
  return 'the events below';
}

/**
 * A minion's story as one viewer sees the game (issue #27): the events that name it, fed in revision order, kept
 * as sentences (its creation, the blows it dealt and took, heals, spells on it, its death and burial), and its
 * death with the chain of causes that led to it. Only what the viewer's events show: a hidden spell stays one.
 */
export class MinionStoryBuilder {
  readonly entries: StoryEntry[] = [];
  died: MinionDeath | null = null;
  owner: string | null = null;
  /** Whether it has appeared yet, and whether its story is over (deleted at a garbage collection). */
  seen = false;
  over = false;
  /** This turn's events by id and its orders by order id: what a death's chain is walked through. */
  private turn = -1;
  private readonly turnEvents = new Map<string, GameEventLine>();
  private readonly orders = new Map<string, GameEventLine>();

  constructor(readonly minionId: string) {}

  add(event: ViewedEventLine): void {
    const turn = Number(event.metadata.turn ?? 0);
    if (turn !== this.turn) {
      this.turn = turn;
      this.turnEvents.clear();
      this.orders.clear();
    }
    const id = event.metadata.eventId;
    if (typeof id === 'string') this.turnEvents.set(id, event);
    this.noteOrder(event);
    for (const released of event.released ?? []) this.noteOrder(released);
    if (this.over || !names(event.data, this.minionId)) return;
    this.seen = true;
    const data = (event.data ?? {}) as Data;
    if (event.type === 'GameCreated') {
      const sentence = setUpSentence(event, this.minionId);
      if (sentence !== null) this.entries.push({ ...entryOf(event), sentence });
      this.owner ??= ownerInSetUp(event, this.minionId);
      return;
    }
    if (event.type === 'MinionCreated') this.owner ??= typeof data.owner === 'string' ? data.owner : null;
    if (!QUIET_STEPS.has(event.type)) this.entries.push(entryOf(event));
    if (event.type === 'MinionDied' && data.minionId === this.minionId) this.died = this.deathOf(event, data);
    if (event.type === 'GarbageCollected') this.over = true;
  }

  private noteOrder(event: GameEventLine): void {
    const orderId = (event.data as Data | null)?.orderId;
    if (PLACED.has(event.type) && typeof orderId === 'string') this.orders.set(orderId, event);
  }

  private deathOf(event: ViewedEventLine, data: Data): MinionDeath {
    const chain: GameEventLine[] = [];
    for (let at: GameEventLine | undefined = event; at !== undefined;) {
      chain.unshift(at);
      const orderId = (at.data as Data | null)?.orderId;
      const placed = typeof orderId === 'string' ? this.orders.get(orderId) : undefined;
      if ((at.type === 'SpellExecuting' || at.type === 'AttackExecuting') && placed !== undefined)
        chain.unshift(placed);
      const cause: unknown = at.metadata.causationId;
      at = typeof cause === 'string' && cause !== at.metadata.eventId ? this.turnEvents.get(cause) : undefined;
    }
    const applied = [...chain].reverse().find((link) => link.type === 'DamageApplied');
    const blow = applied === undefined ? '' : damageWords(applied.data as Data);
    const turn = Number(event.metadata.turn ?? 0);
    return {
      revision: event.revision,
      turn,
      category: String(data.category),
      sentence: `${describeEvent(event)} in turn ${turn}: ${causeOf(chain)}${blow}`,
      // In the order things happened: the order given, the confirmations, its execution… the death.
      because: chain.sort((a, b) => a.revision - b.revision).map(entryOf),
    };
  }
}

function damageWords(data: Data): string {
  return ` dealt ${String(data.amount)} damage (${String(data.hpBefore)} → ${String(data.hpAfter)} HP)`;
}

function ownerInSetUp(event: GameEventLine, id: string): string | null {
  const groups = ((event.data as Data).board as { groups?: unknown } | undefined)?.groups;
  for (const group of Array.isArray(groups) ? (groups as Data[]) : []) {
    const minions = Array.isArray(group.minions) ? (group.minions as Data[]) : [];
    if (minions.some((minion) => minion.id === id)) return typeof group.owner === 'string' ? group.owner : null;
  }
  return null;
}
