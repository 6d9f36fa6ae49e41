import { EventStoreUnavailableError } from '../errors/event-store-unavailable.error';

/**
 * SQLSTATE classes and codes that mean "the store cannot be used right now" rather than "you called it wrongly":
 * 08 connection exceptions, 53 insufficient resources (too many connections, disk full), 57P01–57P05 the server
 * shutting down or a backend terminated, 57014 a statement timeout, 58 system (I/O) errors, 25006 a read-only
 * server (a standby after a failover), 40001/40P01 a serialisation failure or deadlock (try again).
 */
const UNAVAILABLE_SQLSTATE = /^(08|53|58|57P0[1-5]$|57014$|25006$|40001$|40P01$)/;

/** Socket-level failures of node-postgres (no SQLSTATE: the server never answered). */
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOENT', // a Unix socket that is not there (the server is stopped)
]);

/** node-postgres's own words for a connection that is gone or never came (these errors carry no code). */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Query read timeout|Connection ended|pool after calling end|terminating connection/i;

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A unique key was violated: another writer took the (stream, revision) or position this append wanted. */
export function isPostgresUniqueViolation(error: unknown): boolean {
  return codeOf(error) === '23505';
}

export function isPostgresUnavailable(error: unknown): boolean {
  if (error instanceof EventStoreUnavailableError) return true;
  const code = codeOf(error);
  if (code !== undefined && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
  // AggregateError (a host name that resolves to several addresses, every one refused) carries its parts' codes.
  const parts = (error as { errors?: unknown } | null)?.errors;
  if (Array.isArray(parts) && parts.length > 0 && parts.every(isPostgresUnavailable)) return true;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}

/** Maps driver errors to the port's errors; anything else (a bug: bad SQL, a wrong type) is returned unchanged. */
export function mapPostgresError(error: unknown): unknown {
  if (error instanceof EventStoreUnavailableError) return error;
  if (isPostgresUnavailable(error)) {
    const code = codeOf(error);
    const message = (error as Error)?.message || 'connection failed';
    return new EventStoreUnavailableError(`postgres${code ? ` ${code}` : ''}: ${message}`, { cause: error });
  }
  return error;
}
