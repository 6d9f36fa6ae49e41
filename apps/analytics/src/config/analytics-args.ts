import { serviceUrl } from './analytics-config';

/** The command line: `npm run analytics [-- --once] [--from-url URL]`. */
export interface AnalyticsArgs {
  /** Apply everything stored now, print the summary, exit; without it: follow until SIGINT/SIGTERM. */
  once: boolean;
  /** Read the service's HTTP streams at this address instead of the event store. */
  fromUrl?: string;
  help: boolean;
}

export const ANALYTICS_USAGE = `usage: npm run analytics [-- --once] [--from-url URL]

Feeds every game's events into the read models of ANALYTICS_DB (default ./data/analytics.db), resuming after
the checkpoint stored there. Without --once it follows live, with a progress line on stderr every
ANALYTICS_REPORT_MS (events/s, how far behind the head, totals); SIGINT or SIGTERM stops it. Either way it
prints the read models as JSON on stdout when it ends.

--from-url URL reads the service at URL over HTTP (GET /events/stream, GET /events, GET /games) instead of
its event store: no database access, the events as ANALYTICS_TOKEN's holder sees them (no token: the public
view).

Environment: EVENT_STORE, SQLITE_PATH, ESDB_CONNECTION_STRING (the API's store), ANALYTICS_URL (as --from-url),
ANALYTICS_TOKEN, ANALYTICS_DB, ANALYTICS_BATCH_SIZE (500), ANALYTICS_BATCH_MS (200), ANALYTICS_THROTTLE_MS (0),
ANALYTICS_REPORT_MS (5000), LOG_LEVEL (info, on stderr).
`;

export function parseAnalyticsArgs(argv: readonly string[]): AnalyticsArgs {
  const args: AnalyticsArgs = { once: false, help: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--once') args.once = true;
    else if (arg === '--help' || arg === '-h') args.help = true;
    else if (arg === '--from-url' || arg.startsWith('--from-url=')) {
      const value = arg === '--from-url' ? argv[(i += 1)] : arg.slice('--from-url='.length);
      if (value === undefined) throw new TypeError("--from-url needs the service's address (http://host:port)");
      args.fromUrl = serviceUrl(value, '--from-url');
    } else throw new TypeError(`unknown argument '${arg}'`);
  }
  return args;
}
