/** The command line: `npm run analytics [-- --once]`. */
export interface AnalyticsArgs {
  /** Apply everything stored now, print the summary, exit; without it: follow the store until SIGINT/SIGTERM. */
  once: boolean;
  help: boolean;
}

export const ANALYTICS_USAGE = `usage: npm run analytics [-- --once]

Feeds every game's events into the read models of ANALYTICS_DB (default ./data/analytics.db), resuming after
the checkpoint stored there. Without --once it follows the store live; SIGINT or SIGTERM stops it. Either way
it prints the read models as JSON on stdout when it ends.

Environment: EVENT_STORE, SQLITE_PATH, ESDB_CONNECTION_STRING (the API's store), ANALYTICS_DB,
ANALYTICS_BATCH_SIZE (500), ANALYTICS_BATCH_MS (200), ANALYTICS_THROTTLE_MS (0), LOG_LEVEL (info, on stderr).
`;

export function parseAnalyticsArgs(argv: readonly string[]): AnalyticsArgs {
  const args: AnalyticsArgs = { once: false, help: false };
  for (const arg of argv) {
    if (arg === '--once') args.once = true;
    else if (arg === '--help' || arg === '-h') args.help = true;
    else throw new TypeError(`unknown argument '${arg}'`);
  }
  return args;
}
