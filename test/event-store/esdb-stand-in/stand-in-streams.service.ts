import type {
  Metadata,
  ServerDuplexStream,
  ServerReadableStream,
  ServerWritableStream,
  sendUnaryData,
} from '@grpc/grpc-js';
import type { IStreamsServer } from '@eventstore/db-client/generated/streams_grpc_pb';
import {
  AppendReq,
  AppendResp,
  BatchAppendReq,
  BatchAppendResp,
  ReadReq,
  ReadResp,
} from '@eventstore/db-client/generated/streams_pb';
import { AllStreamPosition, StreamIdentifier, UUID } from '@eventstore/db-client/generated/shared_pb';
import { Empty } from 'google-protobuf/google/protobuf/empty_pb';
import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  type ProposedEvent,
  type StandInEventLog,
  type StandInRecord,
} from './stand-in-event.log';
import { type CallInfo, type FaultEffect, StandInFaults } from './stand-in.faults';
import { type StandInFailure, asRpcStatus, asStatus, failures } from './stand-in.failures';

/** What servers before 22.6 send as the log position of an event read from a stream: they do not know it. */
const NO_POSITION = 18446744073709551615n;

export interface StreamsBehaviour {
  maxAppendSize: number;
  /** 22.6 and later report each event's log position on stream reads; older servers send 2^64−1. */
  positionsOnStreamReads: boolean;
  /** When set, this node is a follower: calls that require the leader are refused with its address. */
  leader: { host: string; port: number } | null;
  /** The user may not read `$all` (a secure cluster whose user is not an admin). */
  denyAllReads: boolean;
}

type ReadCall = ServerWritableStream<ReadReq, ReadResp>;

const utf8 = (bytes: Uint8Array | string) => (typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('utf8'));
const requiresLeader = (metadata: Metadata) => metadata.get('requires-leader')[0] === 'true';

function identifier(stream: string): StreamIdentifier {
  const id = new StreamIdentifier();
  id.setStreamName(Buffer.from(stream, 'utf8'));
  return id;
}

/** The EventStoreDB Streams service over a StandInEventLog: reads, catch-up subscriptions, Append, BatchAppend. */
export class StandInStreamsService {
  /** Every call, in arrival order (tests look at what the client sent). */
  readonly calls: CallInfo[] = [];
  private readonly open = new Set<object>();

  constructor(
    private readonly log: StandInEventLog,
    private readonly faults: StandInFaults,
    private readonly behaviour: StreamsBehaviour,
  ) {}

  /** Calls the server is still serving: a read the client left without cancelling stays here. */
  get openCalls(): number {
    return this.open.size;
  }

  handlers(): IStreamsServer {
    return {
      read: (call) => void this.read(call),
      append: (call, callback) => this.append(call, callback),
      batchAppend: (call) => this.batchAppend(call),
      delete: (_call, callback) => callback({ code: 12, details: 'not served by the stand-in' }),
      tombstone: (_call, callback) => callback({ code: 12, details: 'not served by the stand-in' }),
    };
  }

  /** A failure that the node itself gives before looking at the request (not the leader, may not read $all). */
  private refusal(call: CallInfo): StandInFailure | undefined {
    if (this.behaviour.leader && call.requiresLeader) {
      return failures.notLeader(this.behaviour.leader.host, this.behaviour.leader.port);
    }
    if (this.behaviour.denyAllReads && (call.kind === 'read-all' || call.kind === 'subscribe-all')) {
      return failures.accessDenied();
    }
    return undefined;
  }

  private track(call: object, onEnd: (listener: () => void) => void): () => void {
    this.open.add(call);
    const release = () => this.open.delete(call);
    onEnd(release);
    return release;
  }

  private async read(call: ReadCall): Promise<void> {
    const options = call.request.getOptions() as ReadReq.Options;
    const all = options.hasAll();
    const subscription = options.hasSubscription();
    const stream = all ? '$all' : utf8(options.getStream()!.getStreamIdentifier()!.getStreamName());
    const info: CallInfo = {
      kind: `${subscription ? 'subscribe' : 'read'}-${all ? 'all' : 'stream'}`,
      stream,
      requiresLeader: requiresLeader(call.metadata),
      ...(options.hasCount() ? { count: Number(options.getCount()) } : {}),
    };
    this.calls.push(info);
    let cancelled = false;
    const release = this.track(call, (listener) => call.on('cancelled', listener));
    call.on('cancelled', () => (cancelled = true));
    const fail = (failure: StandInFailure) => {
      release();
      if (!cancelled) call.emit('error', asStatus(failure));
    };
    const refused = this.refusal(info);
    if (refused) return fail(refused);
    const effect = this.faults.take(info);
    if (effect && 'fail' in effect) return fail(effect.fail);
    if (effect && 'hang' in effect) return;

    let sent = 0;
    /** Writes one answer, waiting while the client is not reading; false once the call is over. */
    const send = async (response: ReadResp): Promise<boolean> => {
      if (cancelled) return false;
      if (response.hasEvent()) {
        if (effect && 'failAfterEvents' in effect && sent === effect.failAfterEvents) {
          fail(effect.failure);
          return false;
        }
        if (effect && 'endAfterEvents' in effect && sent === effect.endAfterEvents) {
          release();
          call.end();
          return false;
        }
        sent++;
      }
      if (!call.write(response)) await new Promise((resolve) => call.once('drain', resolve));
      return !cancelled;
    };

    if (!all && this.log.isDeleted(stream)) return fail(failures.streamDeleted(stream));
    try {
      if (subscription) await this.subscribe(call, options, stream, send, () => cancelled);
      else await this.readOnce(options, stream, send);
    } catch (failure) {
      return fail(failure as StandInFailure);
    }
    if (!subscription && !cancelled && !call.writableEnded) {
      release();
      call.end();
    }
  }

  private async readOnce(
    options: ReadReq.Options,
    stream: string,
    send: (response: ReadResp) => Promise<boolean>,
  ): Promise<void> {
    const backwards = options.getReadDirection() === ReadReq.Options.ReadDirection.BACKWARDS;
    const count = BigInt(options.getCount());
    const matches = this.matcher(options);
    let records: StandInRecord[];
    if (options.hasAll()) {
      const all = options.getAll()!;
      let from: number;
      if (all.hasStart()) from = backwards ? -1 : 0;
      else if (all.hasEnd()) from = backwards ? this.log.records.length : this.log.records.length;
      else from = this.indexOf(BigInt(all.getPosition()!.getCommitPosition()));
      // Backwards from a position: the records before it; forwards: from it on (inclusive).
      records = backwards ? this.log.records.slice(0, Math.max(0, from)).reverse() : this.log.records.slice(from);
    } else {
      const list = this.log.streamRecords(stream);
      if (!list) {
        const notFound = new ReadResp.StreamNotFound();
        notFound.setStreamIdentifier(identifier(stream));
        const response = new ReadResp();
        response.setStreamNotFound(notFound);
        await send(response);
        return;
      }
      const revisionOptions = options.getStream()!;
      const at = revisionOptions.hasRevision() ? Number(BigInt(revisionOptions.getRevision())) : undefined;
      if (backwards) {
        const from = revisionOptions.hasStart() ? 0 : Math.min(at ?? list.length - 1, list.length - 1);
        records = list.slice(0, from + 1).reverse();
      } else {
        records = list.slice(revisionOptions.hasEnd() ? list.length : (at ?? 0));
      }
    }
    let left = count;
    for (const record of records) {
      if (left <= 0n) break;
      if (!matches(record)) continue;
      if (!(await send(this.eventResponse(record, options.hasAll())))) return;
      left--;
    }
  }

  /** Catch-up then live, as one cursor over the log: what was appended while catching up is simply read next. */
  private async subscribe(
    call: ReadCall,
    options: ReadReq.Options,
    stream: string,
    send: (response: ReadResp) => Promise<boolean>,
    isCancelled: () => boolean,
  ): Promise<void> {
    const all = options.hasAll();
    const matches = this.matcher(options);
    const source = () => (all ? this.log.records : (this.log.streamRecords(stream) ?? []));
    let cursor: number;
    if (all) {
      const from = options.getAll()!;
      if (from.hasStart()) cursor = 0;
      else if (from.hasEnd()) cursor = this.log.records.length;
      else cursor = this.indexOf(BigInt(from.getPosition()!.getCommitPosition())) + 1; // exclusive
      cursor = Math.min(cursor, this.log.records.length);
    } else {
      const from = options.getStream()!;
      const length = source().length;
      if (from.hasStart()) cursor = 0;
      else if (from.hasEnd()) cursor = length;
      else cursor = Number(BigInt(from.getRevision())) + 1; // exclusive
    }
    const confirmation = new ReadResp();
    const confirmed = new ReadResp.SubscriptionConfirmation();
    confirmed.setSubscriptionId(`stand-in-${this.calls.length}`);
    confirmation.setConfirmation(confirmed);
    if (!(await send(confirmation))) return;

    let pumping = false;
    let again = false;
    let done = false;
    const pump = async () => {
      if (pumping) {
        again = true;
        return;
      }
      pumping = true;
      try {
        do {
          again = false;
          const records = source();
          while (cursor < records.length && !done) {
            const record = records[cursor++];
            if (matches(record) && !(await send(this.eventResponse(record, all)))) done = true;
          }
        } while (again && !done);
      } finally {
        pumping = false;
      }
    };
    const stop = this.log.onAppended(() => void pump());
    call.on('cancelled', stop);
    call.on('finish', stop);
    call.on('error', stop);
    await pump();
    if (done || isCancelled()) stop();
  }

  /** The record index of a position given by the client; invalid positions fail as on a 22.x+ server. */
  private indexOf(position: bigint): number {
    const index = this.log.indexAt(position);
    if (index === undefined) throw failures.invalidPosition();
    return index;
  }

  private matcher(options: ReadReq.Options): (record: StandInRecord) => boolean {
    if (!options.hasFilter()) return () => true;
    const filter = options.getFilter()!;
    const onStream = filter.hasStreamIdentifier();
    const expression = (onStream ? filter.getStreamIdentifier() : filter.getEventType())!;
    const prefixes = expression.getPrefixList();
    const regex = expression.getRegex() ? new RegExp(expression.getRegex()) : null;
    return (record) => {
      const value = onStream ? record.stream : record.type;
      if (prefixes.length > 0 && !prefixes.some((prefix) => value.startsWith(prefix))) return false;
      return regex === null || regex.test(value);
    };
  }

  private eventResponse(record: StandInRecord, fromAll: boolean): ReadResp {
    const recorded = new ReadResp.ReadEvent.RecordedEvent();
    const id = new UUID();
    id.setString(record.id);
    recorded.setId(id);
    recorded.setStreamIdentifier(identifier(record.stream));
    recorded.setStreamRevision(record.revision.toString());
    const known = fromAll || this.behaviour.positionsOnStreamReads;
    const position = (known ? record.position : NO_POSITION).toString();
    recorded.setCommitPosition(position);
    recorded.setPreparePosition(position);
    recorded.getMetadataMap().set('type', record.type);
    recorded.getMetadataMap().set('content-type', record.contentType);
    recorded.getMetadataMap().set('created', record.created.toString());
    recorded.setCustomMetadata(record.metadata);
    recorded.setData(record.data);
    const event = new ReadResp.ReadEvent();
    event.setEvent(recorded);
    if (known) event.setCommitPosition(record.position.toString());
    else event.setNoPosition(new Empty());
    const response = new ReadResp();
    response.setEvent(event);
    return response;
  }

  /** Data, metadata and twice the type's length: how the server sizes an append against MaxAppendSize. */
  private sizeOf(events: ProposedEvent[]): number {
    return events.reduce((total, e) => total + e.data.length + e.metadata.length + e.type.length * 2, 0);
  }

  private append(call: ServerReadableStream<AppendReq, AppendResp>, callback: sendUnaryData<AppendResp>): void {
    let options: AppendReq.Options | undefined;
    const events: ProposedEvent[] = [];
    const release = this.track(call, (listener) => call.on('cancelled', listener));
    let answered = false;
    const answer = (failure: StandInFailure | null, response?: AppendResp) => {
      if (answered) return;
      answered = true;
      release();
      if (failure) callback(asStatus(failure));
      else callback(null, response);
    };
    call.on('data', (request: AppendReq) => {
      if (request.hasOptions()) {
        options = request.getOptions();
        this.calls.push({
          kind: 'append',
          stream: utf8(options!.getStreamIdentifier()!.getStreamName()),
          requiresLeader: requiresLeader(call.metadata),
        });
      } else if (request.hasProposedMessage()) {
        events.push(proposed(request.getProposedMessage()!));
        if (this.sizeOf(events) > this.behaviour.maxAppendSize) {
          answer(failures.maxAppendSizeExceeded(this.behaviour.maxAppendSize));
        }
      }
    });
    call.on('end', () => {
      if (answered || !options) return;
      const stream = utf8(options.getStreamIdentifier()!.getStreamName());
      const expected = options.hasRevision()
        ? BigInt(options.getRevision())
        : options.hasNoStream()
          ? NO_STREAM
          : options.hasStreamExists()
            ? STREAM_EXISTS
            : ANY;
      const outcome = this.write({ kind: 'append', stream, requiresLeader: requiresLeader(call.metadata) }, (info) =>
        this.appendOutcome(info, expected, events),
      );
      if (outcome === 'hang') return;
      if ('failure' in outcome) return answer(outcome.failure);
      const response = new AppendResp();
      if ('wrongExpectedVersion' in outcome) {
        const wrong = new AppendResp.WrongExpectedVersion();
        const current = outcome.wrongExpectedVersion.current;
        if (current < 0n) wrong.setCurrentNoStream(new Empty());
        else wrong.setCurrentRevision(current.toString());
        if (expected >= 0n) wrong.setExpectedRevision(expected.toString());
        else if (expected === NO_STREAM) wrong.setExpectedNoStream(new Empty());
        else if (expected === STREAM_EXISTS) wrong.setExpectedStreamExists(new Empty());
        else wrong.setExpectedAny(new Empty());
        response.setWrongExpectedVersion(wrong);
      } else {
        const success = new AppendResp.Success();
        success.setCurrentRevision(outcome.currentRevision.toString());
        const position = new AppendResp.Position();
        position.setCommitPosition(outcome.position.toString());
        position.setPreparePosition(outcome.position.toString());
        success.setPosition(position);
        response.setSuccess(success);
      }
      answer(null, response);
    });
  }

  private batchAppend(call: ServerDuplexStream<BatchAppendReq, BatchAppendResp>): void {
    const release = this.track(call, (listener) => call.on('cancelled', listener));
    const pending = new Map<string, { options: BatchAppendReq.Options; events: ProposedEvent[] }>();
    let failed = false;
    const failCall = (failure: StandInFailure) => {
      if (failed) return;
      failed = true;
      release();
      call.emit('error', asStatus(failure));
    };
    const respond = (request: BatchAppendReq, stream: string, fill: (response: BatchAppendResp) => void) => {
      const response = new BatchAppendResp();
      response.setCorrelationId(request.getCorrelationId());
      response.setStreamIdentifier(identifier(stream));
      fill(response);
      if (!failed) call.write(response);
    };
    call.on('data', (request: BatchAppendReq) => {
      if (failed) return;
      const key = correlationKey(request.getCorrelationId());
      if (request.hasOptions()) {
        const options = request.getOptions()!;
        pending.set(key, { options, events: [] });
        const stream = utf8(options.getStreamIdentifier()!.getStreamName());
        this.calls.push({ kind: 'append', stream, requiresLeader: requiresLeader(call.metadata) });
      }
      const entry = pending.get(key);
      if (!entry) return;
      const stream = utf8(entry.options.getStreamIdentifier()!.getStreamName());
      entry.events.push(...request.getProposedMessagesList().map(proposed));
      if (this.sizeOf(entry.events) > this.behaviour.maxAppendSize) {
        pending.delete(key);
        const failure = failures.maxAppendSizeExceeded(this.behaviour.maxAppendSize);
        return respond(request, stream, (response) => response.setError(asRpcStatus(failure)));
      }
      if (!request.getIsFinal()) return;
      pending.delete(key);
      const options = entry.options;
      const expected = options.hasStreamPosition()
        ? BigInt(options.getStreamPosition())
        : options.hasNoStream()
          ? NO_STREAM
          : options.hasStreamExists()
            ? STREAM_EXISTS
            : ANY;
      const outcome = this.write({ kind: 'append', stream, requiresLeader: requiresLeader(call.metadata) }, (info) =>
        this.appendOutcome(info, expected, entry.events),
      );
      if (outcome === 'hang') return;
      if ('failure' in outcome) {
        // Failures the server reports per append carry a detail; the others (not leader, unavailable) end the call.
        if (!outcome.failure.batchDetail) return failCall(outcome.failure);
        return respond(request, stream, (response) => response.setError(asRpcStatus(outcome.failure)));
      }
      if ('wrongExpectedVersion' in outcome) {
        const failure = failures.wrongExpectedVersion(stream, expected, outcome.wrongExpectedVersion.current);
        return respond(request, stream, (response) => response.setError(asRpcStatus(failure)));
      }
      respond(request, stream, (response) => {
        const success = new BatchAppendResp.Success();
        success.setCurrentRevision(outcome.currentRevision.toString());
        const position = new AllStreamPosition();
        position.setCommitPosition(outcome.position.toString());
        position.setPreparePosition(outcome.position.toString());
        success.setPosition(position);
        response.setSuccess(success);
      });
    });
    call.on('end', () => {
      if (failed) return;
      release();
      call.end();
    });
  }

  /** Runs an append through the node's refusals and the injected faults. */
  private write(info: CallInfo, perform: (info: CallInfo) => AppendResult): AppendResult | 'hang' {
    const refused = this.refusal(info);
    if (refused) return { ok: false, failure: refused };
    const effect: FaultEffect | undefined = this.faults.take(info);
    if (effect && 'hang' in effect) return 'hang';
    if (effect && 'fail' in effect) return { ok: false, failure: effect.fail };
    const outcome = perform(info);
    if (effect && 'commitThenFail' in effect) return { ok: false, failure: effect.commitThenFail };
    return outcome;
  }

  private appendOutcome(info: CallInfo, expected: bigint, events: ProposedEvent[]): AppendResult {
    return this.log.append(info.stream, expected, events);
  }
}

type AppendResult = ReturnType<StandInEventLog['append']>;

function correlationKey(id: UUID | undefined): string {
  if (!id) return '';
  if (id.hasStructured()) {
    const s = id.getStructured()!;
    return `${s.getMostSignificantBits()}:${s.getLeastSignificantBits()}`;
  }
  return id.getString();
}

function proposed(message: AppendReq.ProposedMessage | BatchAppendReq.ProposedMessage): ProposedEvent {
  const id = message.getId();
  return {
    id: id?.hasStructured() ? correlationKey(id) : (id?.getString() ?? ''),
    type: message.getMetadataMap().get('type') ?? '',
    contentType: message.getMetadataMap().get('content-type') ?? 'application/octet-stream',
    data: message.getData_asU8(),
    metadata: message.getCustomMetadata_asU8(),
  };
}
