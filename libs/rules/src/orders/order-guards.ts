import { reject } from '../commands/command-rejected.error';
import type { EntityRef, GameState } from '../model/game-state';
import type { Colour } from '../model/players';
import { isColour } from '../model/players';
import { ENTITY_ID_RULE, SETUP_ID_RULE, isEntityId, isSetupId } from '../model/ids';
import { RULES_OPTIONS } from '../rules-options';
import { requireGameGoesOn } from './game-end.guard';

export function requireGame(state: GameState): string {
  if (state.gameId === null) reject('not-found', null, 'no game has been created on this stream');
  return state.gameId;
}

export function requireColour(player: unknown): Colour {
  if (!isColour(player))
    reject('invalid', 'B1', `player must be "red" or "blue", not ${JSON.stringify(player)}`, 'player');
  return player;
}

/** T2: orders are given (and changed) in the orders phase, until that player confirms; never once the game ended. */
export function requireOrdersPhase(state: GameState, player: unknown): Colour {
  requireGame(state);
  const colour = requireColour(player);
  requireGameGoesOn(state);
  if (state.phase !== 'orders') {
    reject(
      'phase',
      'T2',
      `orders are only taken in the orders phase; turn ${state.turn} is in the ${state.phase} phase`,
    );
  }
  if (state.players[colour].confirmed) {
    reject('phase', 'T2', `${colour} has already confirmed the orders of turn ${state.turn}`, 'player');
  }
  return colour;
}

/** T2 [A]: a player gives and cancels at most RULES_OPTIONS.orderChangesPerTurn orders a turn, together. */
export function requireOrderChangeLeft(state: GameState, player: Colour): void {
  const bound = RULES_OPTIONS.orderChangesPerTurn;
  if (state.players[player].ordersChangedThisTurn >= bound) {
    reject(
      'rule',
      'T2',
      `${player} has given and cancelled ${bound} orders this turn, the most a turn allows [A: orderChangesPerTurn]`,
    );
  }
}

/** A spell key, as a set-up names it (ids.ts). */
export function requireSpellKey(value: unknown, field: string): string {
  if (!isSetupId(value)) reject('invalid', null, `must be a spell key: ${SETUP_ID_RULE}`, field);
  return value;
}

/** An id an order names: of the set-up or created by the engine (ids.ts). */
export function requireEntityId(value: unknown, field: string): string {
  if (!isEntityId(value)) reject('invalid', null, `must be an id: ${ENTITY_ID_RULE}`, field);
  return value;
}

const REF_KINDS = ['minion', 'group', 'structure', 'square', 'globe'] as const;

/**
 * S2: a target names exactly one entity: `{minion: id}`, `{group: id}`, `{structure: id}`, `{square: id}` or
 * `{globe: true}`. Squares are named as set-ups name them; the others may be created ids too.
 */
export function requireEntityRef(value: unknown, field: string): EntityRef {
  const keys = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
  const kind = keys[0] as (typeof REF_KINDS)[number];
  if (keys.length !== 1 || !REF_KINDS.includes(kind)) {
    reject('invalid', 'S2', `must name exactly one of ${REF_KINDS.join(', ')}`, field);
  }
  const id = (value as Record<string, unknown>)[kind];
  if (kind === 'globe') {
    if (id !== true) reject('invalid', 'S2', 'globe must be true', `${field}.globe`);
  } else if (kind === 'square') {
    if (!isSetupId(id)) reject('invalid', 'S2', `square must be a square id: ${SETUP_ID_RULE}`, `${field}.square`);
  } else if (!isEntityId(id)) {
    reject('invalid', 'S2', `${kind} must be an id: ${ENTITY_ID_RULE}`, `${field}.${kind}`);
  }
  return value as EntityRef;
}
