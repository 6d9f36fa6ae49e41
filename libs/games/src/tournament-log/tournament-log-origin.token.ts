/** Nest injection token of the tournament log's origin (GamesModule.forRoot's `tournamentLogOrigin`). */
export const TOURNAMENT_LOG_ORIGIN = Symbol('TOURNAMENT_LOG_ORIGIN');
