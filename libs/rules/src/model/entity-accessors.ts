import type { ActiveSpell, GameState, Group, Minion, Order, Square, Structure } from './game-state';
import type { AttackSpec, SpellDefinition } from './spell-definition';

/** What an accessor below names when its entry is missing. */
export type EntryKind =
  'minion' | 'group' | 'structure' | 'square' | 'active spell' | 'spell' | 'order' | 'attack' | 'first minion of group';

/**
 * An id the engine holds itself (taken from the state, from an order checked when it was given, or from the event
 * being folded) named nothing: the engine broke one of its own invariants, or the event stream is corrupt. Never a
 * player's mistake: ids from outside (commands, set-ups) are looked up with `lookup` and refused with a rule id.
 */
export class MissingEntryError extends Error {
  constructor(
    readonly kind: EntryKind,
    readonly id: string,
  ) {
    super(`no ${kind} "${id}": a broken engine invariant, or a corrupt event stream`);
    this.name = 'MissingEntryError';
  }
}

// Kept apart from the accessors, so that they stay a read and a check that V8 inlines into the evolvers.
function missing(kind: EntryKind, id: string): never {
  throw new MissingEntryError(kind, id);
}

export function minionAt(state: GameState, id: string): Minion {
  const minion = state.minions[id];
  if (minion === undefined) missing('minion', id);
  return minion;
}

export function groupAt(state: GameState, id: string): Group {
  const group = state.groups[id];
  if (group === undefined) missing('group', id);
  return group;
}

export function structureAt(state: GameState, id: string): Structure {
  const structure = state.structures[id];
  if (structure === undefined) missing('structure', id);
  return structure;
}

export function squareAt(state: GameState, id: string): Square {
  const square = state.squares[id];
  if (square === undefined) missing('square', id);
  return square;
}

export function activeSpellAt(state: GameState, id: string): ActiveSpell {
  const active = state.activeSpells[id];
  if (active === undefined) missing('active spell', id);
  return active;
}

/** A spell definition by a key the state holds (an order's, an active spell's): checked when it was given. */
export function spellAt(state: GameState, key: string): SpellDefinition {
  const spell = state.spells[key];
  if (spell === undefined) missing('spell', key);
  return spell;
}

export function orderAt(state: GameState, id: string): Order {
  const order = state.orders[id];
  if (order === undefined) missing('order', id);
  return order;
}

/** An attack of a minion by the number an attack order carries: T3 checked it when the order was given. */
export function attackAt(minion: Minion, index: number): AttackSpec {
  const attack = minion.attacks[index];
  if (attack === undefined) missing('attack', `${minion.id}#${index}`);
  return attack;
}

/**
 * B4: the first minion of a group (a set-up's, a definition's, one just created): a group has one at least, since
 * set-ups and definitions with an empty one are refused.
 */
export function firstMinionOf<T>(minions: readonly T[], groupId: string): T {
  const first = minions[0];
  if (first === undefined) missing('first minion of group', groupId);
  return first;
}
