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

/** SQLSTATEs that mean the connection (or the server behind it) is gone, or is no longer the primary. */
const LOST_SERVER_SQLSTATE = /^(08|57P0[1-3]$|25006$)/;

/**
 * The server itself was lost (the connection broke or was refused, the server shut down, or it no longer accepts
 * writes): worth looking for the primary again. A statement timeout, a deadlock or a full disk is not.
 */
export function isPostgresServerLost(error: unknown): boolean {
  const code = codeOf(error);
  if (code !== undefined) return LOST_SERVER_SQLSTATE.test(code) || UNAVAILABLE_NODE_CODES.has(code);
  const parts = (error as { errors?: unknown } | null)?.errors;
  if (Array.isArray(parts) && parts.length > 0) return parts.every(isPostgresServerLost);
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message) && !/Query read timeout/i.test(message);
}

/** Node's codes for a server certificate that was not accepted (sslmode=verify-ca / verify-full). */
const CERTIFICATE_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/**
 * Why a server that answered refuses this service for good — TLS that cannot be agreed on, authentication, an
 * unknown database — in words an operator can act on; null for anything else (a server down is not a refusal).
 */
export function postgresRefusal(error: unknown): string | null {
  const code = codeOf(error);
  const message = String((error as { message?: unknown } | null)?.message ?? error);
  if (code !== undefined && CERTIFICATE_CODES.has(code)) {
    const what =
      code === 'ERR_TLS_CERT_ALTNAME_INVALID'
        ? 'its certificate does not name the host connected to (sslmode=verify-full checks the name)'
        : 'its certificate is not signed by a CA of sslrootcert';
    return `TLS refused: ${what} (${code}: ${message})`;
  }
  if (/does not support SSL/i.test(message)) {
    return 'TLS refused: the server does not accept TLS connections, and sslmode asks for TLS';
  }
  if (code === '28000' && /no encryption/i.test(message)) {
    return `the server requires TLS for this connection and sslmode=disable (or no sslmode) does not use it (${message})`;
  }
  if (code === '28000' || code === '28P01') return `authentication refused (${message})`;
  if (code === '3D000' || code === '42501') return message;
  return null;
}
