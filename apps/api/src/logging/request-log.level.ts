import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The level of a request's log line. A 503 is expected — a shutdown under way, the store away for a while — and
 * tells the client when to retry, so it is a warning of one line; any other 5xx is an error, logged with its stack;
 * other refusals are warnings; the rest is information.
 */
export function requestLogLevel(
  _request: IncomingMessage,
  response: ServerResponse,
  error: Error | undefined,
): 'info' | 'warn' | 'error' {
  if (response.statusCode === 503) return 'warn';
  if (error !== undefined || response.statusCode >= 500) return 'error';
  return response.statusCode >= 400 ? 'warn' : 'info';
}
