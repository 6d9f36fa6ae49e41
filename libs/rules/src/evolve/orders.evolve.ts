import { addPools } from '../model/mana';
import type { GameState, Order } from '../model/game-state';
import { removeOne } from '../model/remove-one';
import type { EvolverMap } from './evolver';
import { noteOrderGiven, noteOrderWithdrawn } from '../model/turn-orders.index';

function addOrder(state: GameState, order: Order): void {
  state.orders[order.id] = order;
  state.orderIds.push(order.id);
  noteOrderGiven(state, order);
  state.players[order.player].ordersChangedThisTurn += 1;
}

function removeOrder(state: GameState, orderId: string): void {
  const order = state.orders[orderId];
  if (order !== undefined) {
    noteOrderWithdrawn(state, order);
    state.players[order.player].ordersChangedThisTurn += 1;
  }
  delete state.orders[orderId];
  state.orderIds = state.orderIds.filter((id) => id !== orderId);
}

export const orderEvolvers: EvolverMap = {
  SpellTargeted: (state, data) => {
    const player = state.players[data.player];
    removeOne(player.hand, data.spell);
    player.mana = addPools(player.mana, data.cost, -1);
    addOrder(state, {
      id: data.orderId,
      kind: 'cast',
      player: data.player,
      spell: data.spell,
      target: data.target,
      cost: data.cost,
      outcome: 'pending',
    });
  },
  SpellUntargeted: (state, data) => {
    const player = state.players[data.player];
    player.hand.push(data.spell);
    player.mana = addPools(player.mana, data.refund);
    removeOrder(state, data.orderId);
  },
  CardDiscarded: (state, data) => {
    const player = state.players[data.player];
    removeOne(player.hand, data.spell);
    player.discardedThisTurn = true;
    addOrder(state, { id: data.orderId, kind: 'discard', player: data.player, spell: data.spell });
  },
  DiscardCancelled: (state, data) => {
    const player = state.players[data.player];
    player.hand.push(data.spell);
    player.discardedThisTurn = false;
    removeOrder(state, data.orderId);
  },
  AttackOrdered: (state, data) => {
    addOrder(state, {
      id: data.orderId,
      kind: 'attack',
      player: data.player,
      attackerId: data.attackerId,
      victimId: data.victimId,
      attack: data.attack,
      outcome: 'pending',
    });
  },
  AttackCancelled: (state, data) => removeOrder(state, data.orderId),
};
