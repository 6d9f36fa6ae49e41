import type { ActiveSpell, EntityRef, GameState, Group, Minion } from './game-state';
import type { Player } from './players';
import { activeSpellAt } from './entity-accessors';

/** The active-spell list of a host (S8), or undefined when the host is not on the board. */
export function hostSpells(state: GameState, host: EntityRef): string[] | undefined {
  if ('minion' in host) return lookup(state.minions, host.minion)?.spells;
  if ('group' in host) return lookup(state.groups, host.group)?.spells;
  if ('structure' in host) return lookup(state.structures, host.structure)?.spells;
  if ('square' in host) return lookup(state.squares, host.square)?.spells;
  return state.globe.spells;
}

/** The owner of a board entity; the globe and squares belong to nobody. */
export function ownerOf(state: GameState, ref: EntityRef): Player | null {
  if ('minion' in ref) return lookup(state.minions, ref.minion)?.owner ?? null;
  if ('group' in ref) return lookup(state.groups, ref.group)?.owner ?? null;
  if ('structure' in ref) return lookup(state.structures, ref.structure)?.owner ?? null;
  return null;
}

export function isAlive(minion: Minion | undefined): minion is Minion {
  return minion !== undefined && minion.status === 'alive' && minion.groupId !== null;
}

export function groupOf(state: GameState, minion: Minion): Group | undefined {
  return minion.groupId === null ? undefined : state.groups[minion.groupId];
}

export function activeSpellsOn(state: GameState, host: EntityRef): ActiveSpell[] {
  return (hostSpells(state, host) ?? []).map((id) => activeSpellAt(state, id));
}

/** The groups standing on a square (a group inside a spell stands nowhere). */
export function groupsOnSquare(state: GameState, square: string): Group[] {
  return Object.values(state.groups).filter((group) => group.square === square && group.heldBy === null);
}

/** [A] Whether a minion is alive and on the board: in a group that is not inside a spell. */
export function isOnBoard(state: GameState, minion: Minion | undefined): minion is Minion {
  return isAlive(minion) && state.groups[minion.groupId as string]?.heldBy === null;
}

/**
 * A record entry by a key that came from outside (a command or a set-up): own properties only, so that a
 * name like "constructor" or "toString" finds nothing rather than Object.prototype's member. Undefined is then
 * refused with a rule id; ids the engine holds itself are read with entity-accessors.ts, where missing is a bug.
 */
export function lookup<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

// The queries the pipelines and order checks read, kept fast by indexes beside the state (docs/performance.md).
export { minionsInPlayOrder } from './play-order.index';
export { attackOrdersOf, attacksOrderedBy, ordersGiven, ordersOfKind } from './turn-orders.index';
