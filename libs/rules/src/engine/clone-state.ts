import type { GameState, Order, PlayerState } from '../model/game-state';
import { idRecord } from '../model/id-record';

function mapValues<T>(record: Record<string, T>, copy: (value: T) => T): Record<string, T> {
  const result = idRecord<T>();
  // for…in lists only keys the record holds (records have no prototype: id-record.ts).
  for (const key in record) result[key] = copy(record[key]!);
  return result;
}

function copyPlayer(player: PlayerState): PlayerState {
  return {
    ...player,
    mana: { ...player.mana },
    income: { ...player.income },
    hand: [...player.hand],
    deck: [...player.deck],
    graveyard: [...player.graveyard],
    activeSpells: [...player.activeSpells],
    castOnce: [...player.castOnce],
  };
}

/**
 * An independent copy of a state, made for `decide` to work on. Hand-written rather than structuredClone (far
 * faster, docs/performance.md): it copies everything evolve changes and shares what never changes once created —
 * spell definitions, minions' attack and trait lists, hosts and targets. An evolver that starts changing one of
 * those shared values in place must copy it here too (the core-loop tests check that a decision never touches
 * the state it was given).
 */
export function cloneState(state: GameState): GameState {
  return {
    ...state,
    players: {
      red: copyPlayer(state.players.red),
      blue: copyPlayer(state.players.blue),
      neutral: copyPlayer(state.players.neutral),
    },
    minions: mapValues(state.minions, (minion) => ({ ...minion, spells: [...minion.spells] })),
    minionIds: [...state.minionIds],
    startOfTurnMinionIds: [...state.startOfTurnMinionIds],
    groups: mapValues(state.groups, (group) => ({
      ...group,
      minionIds: [...group.minionIds],
      spells: [...group.spells],
    })),
    structures: mapValues(state.structures, (structure) => ({ ...structure, spells: [...structure.spells] })),
    squares: mapValues(state.squares, (square) => ({ ...square, spells: [...square.spells] })),
    globe: { spells: [...state.globe.spells] },
    activeSpells: mapValues(state.activeSpells, (active) => ({
      ...active,
      statChanges: active.statChanges.map((change) => ({ ...change })),
    })),
    orders: mapValues(state.orders, (order): Order => ({ ...order })),
    orderIds: [...state.orderIds],
    casualties: mapValues(state.casualties, (casualty) => ({ ...casualty })),
    counters: { ...state.counters },
    result: state.result === null ? null : { ...state.result },
  };
}
