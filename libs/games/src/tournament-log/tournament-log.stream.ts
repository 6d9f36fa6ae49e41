/**
 * The tournament log is a stream of its own in the event store: not a `game-` stream, so no game stream, game
 * listing, scheduler or global game event stream ever sees it. Each event appends one leaf.
 */
export const TOURNAMENT_LOG_STREAM = 'tournament-log';

export const HEAD_LOGGED = 'HeadLogged';
