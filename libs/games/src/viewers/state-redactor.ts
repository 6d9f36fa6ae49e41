import type { GameState, Order } from '@app/rules';
import { hostSpells, orderAt, removeOne, spellAt } from '@app/rules';
import type { Viewer } from './viewer';
import { isViewersOwn } from './viewer';
import { releasedTurnAt } from './event-redactor';

/** A state as a viewer may see it: JSON, shaped like the state, with hidden parts taken out. */
export type ViewedState = Record<string, unknown>;

/**
 * The same viewer rules as EventRedactor, applied to a state (live or time-travelled): no seed; the other side's
 * hand and deck only as counts, and not its mana pool; during the orders phase, the other side's orders are not
 * there — their cards are shown as before those orders, so nothing about them can be inferred; non-visible spells only for
 * their owner; only the spell definitions the viewer has seen; and no id counters, nor the other side's count of
 * orders changed this turn.
 */
export function viewState(state: GameState, viewer: Viewer): ViewedState {
  if (viewer.role === 'organiser') return state as unknown as ViewedState;
  const view = structuredClone(state);
  const own = (owner: string) => isViewersOwn(viewer, owner);

  const ordersHidden = state.turn > releasedTurnAt(state.turn, state.phase);
  const hiddenOrders: Order[] = [];
  for (const orderId of state.orderIds) {
    const order = orderAt(state, orderId);
    const secret = order.kind === 'cast' && !spellAt(state, order.spell).visible;
    if (!own(order.player) && (ordersHidden || secret)) hiddenOrders.push(order);
  }
  for (const order of hiddenOrders) {
    delete view.orders[order.id];
    view.orderIds = view.orderIds.filter((id) => id !== order.id);
    if (!ordersHidden) continue;
    // Before execution the order is undone in the view: its card back in hand (the pool is not shown at all).
    const player = view.players[order.player];
    if (order.kind !== 'attack') player.hand.push(order.spell);
    if (order.kind === 'discard') player.discardedThisTurn = false;
  }

  for (const active of Object.values(state.activeSpells)) {
    if (active.visible || own(active.owner)) continue;
    delete view.activeSpells[active.id];
    const list = hostSpells(view, active.host);
    if (list) removeOne(list, active.id);
    removeOne(view.players[active.owner].activeSpells, active.id);
  }

  const known = new Set<string>(Object.values(view.activeSpells).map((active) => active.spell));
  for (const order of Object.values(view.orders)) if (order.kind !== 'attack') known.add(order.spell);
  const players: Record<string, unknown> = {};
  for (const [colour, player] of Object.entries(view.players)) {
    if (own(colour)) {
      for (const key of [...player.hand, ...player.deck, ...player.castOnce]) known.add(key);
      players[colour] = player;
    } else {
      // How many orders the other side gave and cancelled this turn would count its hidden ones, and its mana
      // pool would tell what went on them and on its non-visible spells.
      const { hand, deck, mana: _mana, ordersChangedThisTurn: _changed, ...rest } = player;
      // A once-per-game spell that is non-visible must not show through the record of its cast either.
      const castOnce = rest.castOnce.filter((key) => state.spells[key]?.visible);
      players[colour] = { ...rest, castOnce, hand: [], deck: [], handSize: hand.length, deckSize: deck.length };
    }
  }
  // The id counters would count the other side's hidden orders and spells: they are the engine's, not the game's.
  const { counters: _counters, ...shown } = view;
  return {
    ...shown,
    seed: null,
    players,
    spells: Object.fromEntries(Object.entries(view.spells).filter(([key]) => known.has(key))),
  };
}
