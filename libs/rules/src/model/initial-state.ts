import type { GameState, PlayerState } from './game-state';
import { idRecord } from './id-record';
import { emptyPool } from './mana';
import type { Player } from './players';
import { defaultGameRules } from './game-rules';

export function emptyPlayer(id: Player): PlayerState {
  return {
    id,
    house: null,
    mana: emptyPool(),
    income: emptyPool(),
    hand: [],
    deck: [],
    graveyard: [],
    activeSpells: [],
    castOnce: [],
    discardedThisTurn: false,
    ordersChangedThisTurn: 0,
    confirmed: false,
  };
}

/** The state before any event: no game. */
export function initialState(): GameState {
  return {
    gameId: null,
    name: '',
    version: 0,
    seed: 0,
    turn: 0,
    phase: 'setup',
    initiative: 'red',
    rules: defaultGameRules(),
    spells: idRecord(),
    terrains: idRecord(),
    players: { red: emptyPlayer('red'), blue: emptyPlayer('blue'), neutral: emptyPlayer('neutral') },
    minions: idRecord(),
    minionIds: [],
    startOfTurnMinionIds: [],
    groups: idRecord(),
    structures: idRecord(),
    squares: idRecord(),
    globe: { spells: [] },
    activeSpells: idRecord(),
    orders: idRecord(),
    orderIds: [],
    casualties: idRecord(),
    counters: { entity: 0 },
    pendingCollection: null,
    turnLimit: null,
    result: null,
  };
}
