import { pino } from 'pino';
import type { LogFormat } from './log-format';

export interface StartFacts {
  url: string;
  store: string;
  /** Only at the start that generated it: the one time it is ever written out. */
  generatedOrganiserToken?: { token: string; savedIn: string | null };
}

/** The token in a frame of its own, so that it stands out of whatever scrolls past (pretty format). */
function tokenBlock({ token, savedIn }: NonNullable<StartFacts['generatedOrganiserToken']>): string {
  const lines = [
    'ORGANISER TOKEN — generated at this first start, shown only this once',
    '',
    `  ${token}`,
    '',
    savedIn === null
      ? 'Kept in memory only (memory store): a new one at every start.'
      : `Saved in ${savedIn}; later starts read it from there.`,
    'Send it as:  Authorization: Bearer <token>',
    'Set ORGANISER_TOKEN to choose your own.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '═'.repeat(width + 4);
  const framed = lines.map((line) => `  ║  ${line.padEnd(width)}  ║`);
  return ['', `  ╔${rule}╗`, ...framed, `  ╚${rule}╝`, ''].join('\n');
}

/**
 * What the service says once it listens: where it is, and the organiser token if this start generated it. Always
 * written, whatever LOG_LEVEL (a service that does not say where it listens is no use): as human lines with the
 * token framed (`pretty`), or as JSON lines like the rest of the logs, the token in its own field (`json`).
 */
export function announceStart(format: LogFormat, facts: StartFacts, out: NodeJS.WritableStream): void {
  const { url, store, generatedOrganiserToken } = facts;
  const listening = `Sanctum Chronicle API on ${url} (docs ${url}/docs), store: ${store}`;
  if (format === 'json') {
    const log = pino({ level: 'info' }, out);
    log.info({ url, docs: `${url}/docs`, store }, listening);
    if (generatedOrganiserToken !== undefined) {
      const { token, savedIn } = generatedOrganiserToken;
      log.info(
        { organiserToken: token, savedIn },
        savedIn === null
          ? 'organiser token generated (memory store: a new one at every start; ORGANISER_TOKEN sets your own)'
          : `organiser token generated, saved in ${savedIn} (shown only this once; ORGANISER_TOKEN sets your own)`,
      );
    }
    return;
  }
  let text = `${listening}\nOpen ${url}/ for the games and their replay pages, ${url}/docs to try the API.\n`;
  if (generatedOrganiserToken !== undefined) text += `${tokenBlock(generatedOrganiserToken)}\n`;
  out.write(text);
}
