import { Metadata, status, type StatusObject } from '@grpc/grpc-js';
import {
  AccessDenied,
  MaximumAppendSizeExceeded,
  StreamDeleted,
  StreamIdentifier,
  Timeout,
  WrongExpectedVersion,
} from '@eventstore/db-client/generated/shared_pb';
import { Status } from '@eventstore/db-client/generated/status_pb';
import { Any } from 'google-protobuf/google/protobuf/any_pb';
import { Empty } from 'google-protobuf/google/protobuf/empty_pb';

/**
 * One failure as the server reports it, in both of its shapes: a gRPC status with the `exception` metadata the
 * client reads (Read, Append, a failed BatchAppend call), and a google.rpc.Status with a packed detail that
 * BatchAppend puts in its per-append answer. Codes, messages and metadata keys follow EventStoreDB's
 * RpcExceptions and Status (src/EventStore.Core/Services/Transport/Grpc).
 */
export interface StandInFailure {
  code: status;
  details: string;
  metadata?: Record<string, string>;
  /** The packed detail of a BatchAppend answer; without it the failure ends the whole BatchAppend call. */
  batchDetail?: { typeName: string; bytes: Uint8Array };
}

export function asStatus(failure: StandInFailure): Partial<StatusObject> {
  const metadata = new Metadata();
  for (const [key, value] of Object.entries(failure.metadata ?? {})) metadata.set(key, value);
  return { code: failure.code, details: failure.details, metadata };
}

export function asRpcStatus(failure: StandInFailure): Status {
  const rpc = new Status();
  rpc.setCode(failure.code as number);
  rpc.setMessage(failure.details);
  if (failure.batchDetail) {
    const any = new Any();
    any.pack(failure.batchDetail.bytes, failure.batchDetail.typeName);
    rpc.setDetails(any);
  }
  return rpc;
}

const identifier = (stream: string) => {
  const id = new StreamIdentifier();
  id.setStreamName(Buffer.from(stream, 'utf8'));
  return id;
};

export const failures = {
  unavailable: (details = 'Server Is Not Ready'): StandInFailure => ({ code: status.UNAVAILABLE, details }),

  notLeader: (host: string, port: number): StandInFailure => ({
    code: status.NOT_FOUND,
    details: 'Leader info available',
    metadata: { exception: 'not-leader', 'leader-endpoint-host': host, 'leader-endpoint-port': String(port) },
  }),

  accessDenied: (): StandInFailure => ({
    code: status.PERMISSION_DENIED,
    details: 'Access Denied',
    metadata: { exception: 'access-denied' },
    batchDetail: { typeName: 'event_store.client.AccessDenied', bytes: new AccessDenied().serializeBinary() },
  }),

  streamDeleted: (stream: string): StandInFailure => {
    const detail = new StreamDeleted();
    detail.setStreamIdentifier(identifier(stream));
    return {
      code: status.FAILED_PRECONDITION,
      details: `Event stream '${stream}' is deleted.`,
      metadata: { exception: 'stream-deleted', 'stream-name': stream },
      batchDetail: { typeName: 'event_store.client.StreamDeleted', bytes: detail.serializeBinary() },
    };
  },

  /** The server's own write timeout (a commit that did not complete in time): an unknown outcome. */
  timeout: (): StandInFailure => ({
    code: status.ABORTED,
    details: 'Operation timed out: ',
    batchDetail: { typeName: 'event_store.client.Timeout', bytes: new Timeout().serializeBinary() },
  }),

  maxAppendSizeExceeded: (maxAppendSize: number): StandInFailure => {
    const detail = new MaximumAppendSizeExceeded();
    detail.setMaxappendsize(maxAppendSize);
    return {
      code: status.INVALID_ARGUMENT,
      details: `Maximum Append Size of ${maxAppendSize} Exceeded.`,
      metadata: { exception: 'maximum-append-size-exceeded', 'maximum-append-size': String(maxAppendSize) },
      batchDetail: { typeName: 'event_store.client.MaximumAppendSizeExceeded', bytes: detail.serializeBinary() },
    };
  },

  /** `expected`: a revision, or -1 for no stream, or -2 for any; `current` -1 for no stream. */
  wrongExpectedVersion: (stream: string, expected: bigint, current: bigint): StandInFailure => {
    const detail = new WrongExpectedVersion();
    if (current < 0n) detail.setCurrentNoStream(new Empty());
    else detail.setCurrentStreamRevision(current.toString());
    if (expected === -1n) detail.setExpectedNoStream(new Empty());
    else if (expected === -4n) detail.setExpectedStreamExists(new Empty());
    else if (expected < 0n) detail.setExpectedAny(new Empty());
    else detail.setExpectedStreamPosition(expected.toString());
    return {
      code: status.FAILED_PRECONDITION,
      details: `Append failed due to WrongExpectedVersion. Stream: ${stream}, Expected version: ${expected}, Actual version: ${current < 0n ? '' : current}`,
      metadata: {
        exception: 'wrong-expected-version',
        'stream-name': stream,
        'expected-version': expected.toString(),
        ...(current < 0n ? {} : { 'actual-version': current.toString() }),
      },
      batchDetail: { typeName: 'event_store.client.WrongExpectedVersion', bytes: detail.serializeBinary() },
    };
  },

  /** 22.x and later; older servers answer UNKNOWN "Unexpected ReadAllResult: InvalidPosition". */
  invalidPosition: (): StandInFailure => ({
    code: status.INVALID_ARGUMENT,
    details: 'Trying to read from an invalid position.',
  }),
};
