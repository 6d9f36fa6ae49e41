import { reject } from '../commands/command-rejected.error';
import type { EntityRef, GameState } from '../model/game-state';
import type { Colour } from '../model/players';
import { isColour } from '../model/players';

export function requireGame(state: GameState): string {
  if (state.gameId === null) reject('not-found', null, 'no game has been created on this stream');
  return state.gameId;
}

export function requireColour(player: unknown): Colour {
  if (!isColour(player))
    reject('invalid', 'B1', `player must be "red" or "blue", not ${JSON.stringify(player)}`, 'player');
  return player;
}

/** T2: orders are given (and changed) in the orders phase, until that player confirms. */
export function requireOrdersPhase(state: GameState, player: unknown): Colour {
  requireGame(state);
  const colour = requireColour(player);
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

export function requireString(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0) reject('invalid', null, `must be a non-empty string`, field);
  return value;
}

const REF_KINDS = ['minion', 'group', 'structure', 'square', 'globe'] as const;

/** S2: a target names exactly one entity: `{minion: id}`, `{group: id}`, `{structure: id}`, `{square: id}` or `{globe: true}`. */
export function requireEntityRef(value: unknown, field: string): EntityRef {
  const keys = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
  const kind = keys[0] as (typeof REF_KINDS)[number];
  if (keys.length !== 1 || !REF_KINDS.includes(kind)) {
    reject('invalid', 'S2', `must name exactly one of ${REF_KINDS.join(', ')}`, field);
  }
  const id = (value as Record<string, unknown>)[kind];
  if (kind === 'globe' ? id !== true : typeof id !== 'string' || id.length === 0) {
    reject('invalid', 'S2', kind === 'globe' ? 'globe must be true' : `${kind} must be an id`, `${field}.${kind}`);
  }
  return value as EntityRef;
}
