import { ErrorType } from '@eventstore/db-client';
import { EventStoreUnavailableError } from '../errors/event-store-unavailable.error';
import { WrongExpectedRevisionError } from '../errors/wrong-expected-revision.error';
import type { ExpectedRevision } from '../event-store.types';

/** gRPC status codes that mean "try again later": 4 DEADLINE_EXCEEDED, 10 ABORTED (server timeout), 14 UNAVAILABLE. */
const UNAVAILABLE_GRPC_CODES = new Set([4, 10, 14]);
const UNAVAILABLE_TYPES = new Set<string>([
  ErrorType.UNAVAILABLE,
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.TIMEOUT,
  ErrorType.NOT_LEADER,
  ErrorType.CANCELLED,
]);
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
const UNAVAILABLE_MESSAGE =
  /ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|No connection established|Failed to discover|failed to connect|deadline/i;

interface EsdbLikeError {
  type?: unknown;
  code?: unknown;
  message?: unknown;
  streamName?: unknown;
  expectedVersion?: unknown;
  actualVersion?: unknown;
}

/** The esdb client's revision vocabulary (bigint, 'no_stream', 'any', 'stream_exists') → the port's. */
function toPortRevision(value: unknown): ExpectedRevision | undefined {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number') return value;
  if (value === 'no_stream') return 'no-stream';
  if (value === 'any') return 'any';
  return undefined;
}

export function isEsdbUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as EsdbLikeError;
  if (typeof e.type === 'string' && UNAVAILABLE_TYPES.has(e.type)) return true;
  if (typeof e.code === 'number' && UNAVAILABLE_GRPC_CODES.has(e.code)) return true;
  if (typeof e.code === 'string' && UNAVAILABLE_NODE_CODES.has(e.code)) return true;
  return typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message);
}

export function isEsdbWrongExpectedVersion(error: unknown): boolean {
  return (error as EsdbLikeError | null)?.type === ErrorType.WRONG_EXPECTED_VERSION;
}

export function isEsdbStreamNotFound(error: unknown): boolean {
  return (error as EsdbLikeError | null)?.type === ErrorType.STREAM_NOT_FOUND;
}

/**
 * Maps an @eventstore/db-client error to the port's errors (matching on the client's `type` tag and gRPC `code`
 * rather than `instanceof`, so errors from another copy of the client, or plain Errors with `code: 14`, map too).
 * `context` fills in what an append knows when the error does not say it. Anything else is returned unchanged.
 */
export function mapEsdbError(error: unknown, context: { stream?: string; expected?: ExpectedRevision } = {}): unknown {
  if (error instanceof WrongExpectedRevisionError || error instanceof EventStoreUnavailableError) return error;
  if (isEsdbWrongExpectedVersion(error)) {
    const e = error as EsdbLikeError;
    const actual = toPortRevision(e.actualVersion);
    return new WrongExpectedRevisionError(
      typeof e.streamName === 'string' ? e.streamName : (context.stream ?? '?'),
      context.expected ?? toPortRevision(e.expectedVersion) ?? 'any',
      typeof actual === 'number' ? actual : 'no-stream',
    );
  }
  if (isEsdbUnavailable(error)) {
    const message = (error as Error).message || String((error as EsdbLikeError).code);
    return new EventStoreUnavailableError(`eventstoredb: ${message}`, { cause: error });
  }
  return error;
}
