import type { GameState } from '../model/game-state';
import { PLAYERS } from '../model/players';
import { removeOne } from '../model/remove-one';
import type { EvolverMap } from './evolver';
import { noteLeftPlay } from '../model/play-order.index';
import { noteOrdersCleared } from '../model/turn-orders.index';
import { minionAt } from '../model/entity-accessors';

function startTurn(state: GameState, turn: number): void {
  state.turn = turn;
  state.phase = 'start';
  // The last turn's orders and casualties are deleted from their records rather than the records replaced
  // (docs/performance.md).
  for (const id of state.orderIds) delete state.orders[id];
  state.orderIds = [];
  noteOrdersCleared(state);
  for (const id in state.casualties) delete state.casualties[id];
  for (const player of PLAYERS) {
    state.players[player].confirmed = false;
    state.players[player].discardedThisTurn = false;
    state.players[player].ordersChangedThisTurn = 0;
  }
}

export const turnEvolvers: EvolverMap = {
  TurnStarted: (state, data) => startTurn(state, data.turn),
  InitiativeUpdated: (state, data) => {
    state.initiative = data.initiative;
  },
  CardsDrawn: (state, data) => {
    const player = state.players[data.player];
    player.deck.splice(0, data.cards.length);
    player.hand.push(...data.cards);
  },
  ManaGenerated: (state, data) => {
    state.players[data.player].mana = { ...data.pool };
  },
  ManaGained: (state, data) => {
    state.players[data.player].mana = { ...data.pool };
  },
  OrdersPhaseStarted: (state) => {
    state.phase = 'orders';
  },
  OrdersConfirmed: (state, data) => {
    state.players[data.player].confirmed = true;
  },
  SpellExecutionPhaseStarted: (state) => {
    state.phase = 'spellExecution';
  },
  CombatPhaseStarted: (state) => {
    state.phase = 'combat';
  },
  ArmorRestored: (state, data) => {
    minionAt(state, data.minionId).armor = data.armorAfter;
  },
  TurnEnded: (state) => {
    state.phase = 'endOfTurn';
  },
  GarbageCollectionScheduled: (state, data) => {
    state.phase = 'garbageCollection';
    state.pendingCollection = data.turn;
  },
  GarbageCollected: (state, data) => {
    // T1/E3.3: every buried minion is deleted for good.
    for (const id of data.minionIds) {
      noteLeftPlay(state, minionAt(state, id));
      delete state.minions[id];
      removeOne(state.minionIds, id);
      removeOne(state.startOfTurnMinionIds, id);
    }
    for (const player of PLAYERS) state.players[player].graveyard = [];
    state.pendingCollection = null;
  },
};
