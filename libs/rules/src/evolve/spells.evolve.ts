import type { GameState } from '../model/game-state';
import { removeOne } from '../model/remove-one';
import { hostSpells } from '../model/state-queries';
import type { EvolverMap } from './evolver';
import { attachActiveSpell, ensureSquare } from './setup.evolve';
import { activeSpellAt, spellAt } from '../model/entity-accessors';

/** An active spell leaves play: off its host's list, its owner's list, and the board. */
function detachActiveSpell(state: GameState, activeSpellId: string): void {
  const active = activeSpellAt(state, activeSpellId);
  const list = hostSpells(state, active.host);
  if (list) removeOne(list, activeSpellId);
  removeOne(state.players[active.owner].activeSpells, activeSpellId);
  delete state.activeSpells[activeSpellId];
}

function setOutcome(state: GameState, orderId: string, outcome: 'resolved' | 'activated' | 'squandered'): void {
  const order = state.orders[orderId];
  if (order?.kind === 'cast') order.outcome = outcome;
}

function recordCastOnce(state: GameState, orderId: string): void {
  const order = state.orders[orderId];
  if (order?.kind !== 'cast' || !spellAt(state, order.spell).oncePerGame) return;
  state.players[order.player].castOnce.push(order.spell);
}

function recordReplacement(state: GameState, id: string, replacementId: string, eventId: string): void {
  const casualty = state.casualties[id];
  if (casualty === undefined) return;
  casualty.replacementId = replacementId;
  casualty.eventId = eventId;
}

export const spellEvolvers: EvolverMap = {
  SpellSquandered: (state, data) => setOutcome(state, data.orderId, 'squandered'),
  SpellResolved: (state, data) => {
    setOutcome(state, data.orderId, 'resolved');
    recordCastOnce(state, data.orderId);
  },
  SpellActivated: (state, data) => {
    state.activeSpells[data.activeSpellId] = {
      id: data.activeSpellId,
      spell: data.spell,
      owner: data.owner,
      host: data.host,
      visible: data.visible,
      expiresAtTurn: data.expiresAtTurn,
      statChanges: [],
      replaced: null,
    };
    state.counters.entity += 1;
    if ('square' in data.host) ensureSquare(state, data.host.square);
    attachActiveSpell(state, data.activeSpellId);
    setOutcome(state, data.orderId, 'activated');
    recordCastOnce(state, data.orderId);
  },
  SpellDispelled: (state, data) => detachActiveSpell(state, data.activeSpellId),
  SpellTransferred: (state, data) => {
    const active = activeSpellAt(state, data.activeSpellId);
    // The old host is gone (replaced): its list went with it; the spell joins its new host's list (S8).
    const old = hostSpells(state, active.host);
    if (old) removeOne(old, active.id);
    active.host = data.to;
    active.replaced = data.replaced;
    const list = hostSpells(state, data.to);
    if (list) list.push(active.id);
  },
  SpellExpired: (state, data) => detachActiveSpell(state, data.activeSpellId),
  AttackExecuting: (state, data) => {
    const order = state.orders[data.orderId];
    if (order?.kind === 'attack') order.outcome = 'executed';
  },
  AttackFizzled: (state, data) => {
    const order = state.orders[data.orderId];
    if (order?.kind === 'attack') order.outcome = 'fizzled';
  },
  GroupReplaced: (state, data, metadata) =>
    recordReplacement(state, data.groupId, data.replacementId, metadata.eventId),
  MinionReplaced: (state, data, metadata) =>
    recordReplacement(state, data.minionId, data.replacementId, metadata.eventId),
  StructureReplaced: (state, data, metadata) =>
    recordReplacement(state, data.structureId, data.replacementId, metadata.eventId),
};
