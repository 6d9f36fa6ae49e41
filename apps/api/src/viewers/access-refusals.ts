/**
 * The words of ViewerGuard's refusals, in one place: the guard answers with them and the OpenAPI document shows
 * them as each route's 401 and 403 examples, so the two cannot drift apart.
 */
export const ACCESS_REFUSALS = {
  organiserWithoutToken: (purpose: string) => `only the organiser may ${purpose}: send its token`,
  organiserNotPlayer: (purpose: string) => `only the organiser may ${purpose}, not a player`,
  playerWithoutToken: (purpose: string) =>
    `only a player may ${purpose}: send the token the game's creation gave for its colour`,
  playerNotOrganiser: (purpose: string) =>
    `only a player may ${purpose}: the organiser does not play (use the player's own token)`,
  otherGamesToken: (tokenGame: string, pathGame: string) =>
    `this is a player token of game ${tokenGame}, not of game ${pathGame}`,
  unknownToken: 'this token is not one this service gave out',
} as const;
