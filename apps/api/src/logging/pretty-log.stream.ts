/** pino's numeric levels, as a person reads them. */
const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

/**
 * Nest's start-up chatter (every module initialised, every route mapped): dozens of lines that push what matters
 * off the screen. At debug or trace they are shown again.
 */
const START_UP_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  context?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
}

const clock = (time: number | undefined): string => new Date(time ?? Date.now()).toISOString().slice(11, 19);

/**
 * One JSON line of pino as one short human line (`12:04:31 INFO  GET /games 200 4 ms`), or null for a line not
 * worth a person's attention at this level; a line that is not JSON is passed on as it is.
 */
export function prettyLogLine(line: string, quietStartUp: boolean): string | null {
  let record: LogRecord;
  try {
    record = JSON.parse(line) as LogRecord;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const level = record.level ?? 30;
  if (quietStartUp && level <= 30 && record.context !== undefined && START_UP_CONTEXTS.has(record.context)) {
    return null;
  }
  const parts = [clock(record.time), LEVEL_NAMES[level] ?? String(level)];
  if (record.req !== undefined && record.res !== undefined) {
    parts.push(`${record.req.method ?? '?'} ${record.req.url ?? '?'} ${record.res.statusCode ?? '?'}`);
    if (record.responseTime !== undefined) parts.push(`${Math.round(record.responseTime)} ms`);
  } else {
    if (record.context !== undefined) parts.push(`[${record.context}]`);
    parts.push(record.msg ?? '');
  }
  let text = parts.join(' ');
  if (record.err?.message !== undefined) text += ` — ${record.err.type ?? 'Error'}: ${record.err.message}`;
  // A failure's stack is what the person at the terminal needs next.
  if (level >= 50 && record.err?.stack !== undefined) text += `\n${record.err.stack}`;
  return `${text}\n`;
}

/** A pino destination that writes `prettyLogLine`s to `out` (pino hands it one JSON line per write). */
export function prettyLogStream(out: NodeJS.WritableStream, logLevel: string): { write(line: string): void } {
  const quietStartUp = !['debug', 'trace'].includes(logLevel);
  return {
    write(line: string): void {
      const pretty = prettyLogLine(line.trimEnd(), quietStartUp);
      if (pretty !== null) out.write(pretty);
    },
  };
}
