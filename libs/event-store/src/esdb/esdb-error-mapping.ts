import { ErrorType } from '@eventstore/db-client';
import { AppendTooLargeError } from '../errors/append-too-large.error';
import { EventStoreConfigurationError } from '../errors/event-store-configuration.error';
import { EventStoreUnavailableError } from '../errors/event-store-unavailable.error';
import { StreamDeletedError } from '../errors/stream-deleted.error';
import { UnknownPositionError } from '../errors/unknown-position.error';
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
/**
 * Also what BatchAppend reports as an unrecognised per-append error ("Could not recognize Server Is Not Ready")
 * when a node is starting, too busy, or has lost its leader.
 */
const UNAVAILABLE_MESSAGE =
  /ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|No connection established|Failed to discover|failed to connect|deadline|Server Is (Not Ready|Too Busy|Busy)|No leader info/i;
/** 22.x+: INVALID_ARGUMENT "Trying to read from an invalid position."; earlier: "Unexpected ReadAllResult: InvalidPosition". */
const INVALID_POSITION_MESSAGE = /invalid ?position/i;

interface EsdbLikeError {
  type?: unknown;
  code?: unknown;
  message?: unknown;
  streamName?: unknown;
  expectedVersion?: unknown;
  actualVersion?: unknown;
  maxAppendSize?: unknown;
}

/** What the failed operation knows that the error may not say. */
export interface EsdbErrorContext {
  stream?: string;
  expected?: ExpectedRevision;
  /** An append's size as the server counts it. */
  appendSize?: number;
  /** The global position a read or subscription started from. */
  position?: number;
  /** What was being done, for a refusal's message ("reading $all"). */
  doing?: string;
}

/** The esdb client's revision vocabulary (bigint, 'no_stream', 'any', 'stream_exists') → the port's. */
function toPortRevision(value: unknown): ExpectedRevision | undefined {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number') return value;
  if (value === 'no_stream') return 'no-stream';
  if (value === 'any') return 'any';
  return undefined;
}

const typeOf = (error: unknown) => (error as EsdbLikeError | null)?.type;

/** Worth another attempt: the node is down, restarting, not the leader, or the call ran out of time. */
export function isEsdbUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as EsdbLikeError;
  if (typeof e.type === 'string' && UNAVAILABLE_TYPES.has(e.type)) return true;
  if (typeof e.code === 'number' && UNAVAILABLE_GRPC_CODES.has(e.code)) return true;
  if (typeof e.code === 'string' && UNAVAILABLE_NODE_CODES.has(e.code)) return true;
  return typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message);
}

/** The node is a follower; the client has already switched to the leader it named, so a retry goes there. */
export function isEsdbNotLeader(error: unknown): boolean {
  return typeOf(error) === ErrorType.NOT_LEADER;
}

export function isEsdbWrongExpectedVersion(error: unknown): boolean {
  return typeOf(error) === ErrorType.WRONG_EXPECTED_VERSION;
}

export function isEsdbStreamNotFound(error: unknown): boolean {
  return typeOf(error) === ErrorType.STREAM_NOT_FOUND;
}

function isInvalidPosition(error: unknown): boolean {
  const message = (error as EsdbLikeError | null)?.message;
  return typeof message === 'string' && INVALID_POSITION_MESSAGE.test(message);
}

/**
 * Maps an @eventstore/db-client error to the port's errors (matching on the client's `type` tag and gRPC `code`
 * rather than `instanceof`, so errors from another copy of the client, or plain Errors with `code: 14`, map too).
 * `context` fills in what the operation knows when the error does not say it. Anything else is returned unchanged.
 */
export function mapEsdbError(error: unknown, context: EsdbErrorContext = {}): unknown {
  if (
    error instanceof WrongExpectedRevisionError ||
    error instanceof EventStoreUnavailableError ||
    error instanceof EventStoreConfigurationError ||
    error instanceof AppendTooLargeError ||
    error instanceof StreamDeletedError ||
    error instanceof UnknownPositionError
  ) {
    return error;
  }
  const e = (error ?? {}) as EsdbLikeError;
  const stream = typeof e.streamName === 'string' && e.streamName !== '' ? e.streamName : (context.stream ?? '?');
  switch (e.type) {
    case ErrorType.WRONG_EXPECTED_VERSION: {
      const actual = toPortRevision(e.actualVersion);
      return new WrongExpectedRevisionError(
        stream,
        context.expected ?? toPortRevision(e.expectedVersion) ?? 'any',
        typeof actual === 'number' ? actual : 'no-stream',
      );
    }
    case ErrorType.MAXIMUM_APPEND_SIZE_EXCEEDED:
      return new AppendTooLargeError(
        stream,
        context.appendSize ?? 0,
        typeof e.maxAppendSize === 'number' && Number.isFinite(e.maxAppendSize) ? e.maxAppendSize : undefined,
        { cause: error },
      );
    case ErrorType.STREAM_DELETED:
      return new StreamDeletedError(stream, { cause: error });
    case ErrorType.ACCESS_DENIED:
      return new EventStoreConfigurationError(
        `access denied ${context.doing ?? 'by the server'}: the user in ESDB_CONNECTION_STRING needs the right to ` +
          'read $all and to read and write the game streams (an admin or $ops user by default)',
        { cause: error },
      );
  }
  if (context.position !== undefined && isInvalidPosition(error)) {
    return new UnknownPositionError(context.position, { cause: error });
  }
  if (isEsdbUnavailable(error)) {
    const message = (error as Error).message || String(e.code);
    return new EventStoreUnavailableError(`eventstoredb: ${message}`, { cause: error });
  }
  return error;
}
