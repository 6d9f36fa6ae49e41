import { originProblem } from '@app/verifier';

/**
 * The origin of an unconfigured service: a name that says where it runs by default. A tournament that publishes
 * its checkpoints sets TOURNAMENT_LOG_ORIGIN to its own (its host name, say) before the first one is kept.
 */
export const DEFAULT_TOURNAMENT_LOG_ORIGIN = 'localhost/sanctum-log';

/** TOURNAMENT_LOG_ORIGIN, checked; a bad value stops the start with a message naming the variable. */
export function tournamentLogOriginFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.TOURNAMENT_LOG_ORIGIN?.trim();
  if (raw === undefined || raw === '') return DEFAULT_TOURNAMENT_LOG_ORIGIN;
  const problem = originProblem(raw);
  if (problem !== null) {
    throw new TypeError(
      `TOURNAMENT_LOG_ORIGIN must be a log origin such as tournament.example.org/log (${problem}), got '${raw}'`,
    );
  }
  return raw;
}
