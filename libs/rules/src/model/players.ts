/** B1: the two human players and the computer's neutral side. */
export const COLOURS = ['red', 'blue'] as const;
export type Colour = (typeof COLOURS)[number];

export const PLAYERS = ['red', 'blue', 'neutral'] as const;
export type Player = (typeof PLAYERS)[number];

export function opponentOf(colour: Colour): Colour {
  return colour === 'red' ? 'blue' : 'red';
}

export function isColour(value: unknown): value is Colour {
  return value === 'red' || value === 'blue';
}

/** B2, standard sequence: initiative player, the other player, then neutral (spell execution, bubbling). */
export function standardSequence(initiative: Colour): Player[] {
  return [initiative, opponentOf(initiative), 'neutral'];
}

/** B2, combat sequence: initiative player, neutral, then the other player (minion attacks). */
export function combatSequence(initiative: Colour): Player[] {
  return [initiative, 'neutral', opponentOf(initiative)];
}
