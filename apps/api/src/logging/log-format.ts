/** How the service writes its logs: short human lines for a person at a terminal, JSON lines for machines. */
export type LogFormat = 'pretty' | 'json';

const LOG_FORMATS: readonly LogFormat[] = ['pretty', 'json'];

/**
 * LOG_FORMAT, or by default `pretty` when stdout is a terminal and `json` when it is a pipe or a file (a log
 * collector, a container runtime): whoever reads the logs gets the form they can read.
 */
export function logFormatFromEnv(raw: string | undefined, stdoutIsTerminal: boolean): LogFormat {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === '') return stdoutIsTerminal ? 'pretty' : 'json';
  if (!(LOG_FORMATS as readonly string[]).includes(value)) {
    throw new TypeError(`LOG_FORMAT must be pretty or json, got '${raw}'`);
  }
  return value as LogFormat;
}
