import { type StandInFailure, failures } from './stand-in.failures';

/** A record of the stand-in's log, as EventStoreDB keeps it: commit = prepare = the record's log position. */
export interface StandInRecord {
  stream: string;
  revision: bigint;
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  metadata: Uint8Array;
  /** .NET ticks (100 ns since 0001-01-01), as the server sends `created`. */
  created: bigint;
  position: bigint;
}

export interface ProposedEvent {
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  metadata: Uint8Array;
}

/** The server's expected version vocabulary: a revision, or ANY (-2), NO_STREAM (-1), STREAM_EXISTS (-4). */
export const ANY = -2n;
export const NO_STREAM = -1n;
export const STREAM_EXISTS = -4n;

export type AppendOutcome =
  | { ok: true; currentRevision: bigint; position: bigint }
  | { ok: false; wrongExpectedVersion: { current: bigint } }
  | { ok: false; failure: StandInFailure };

const TICKS_AT_UNIX_EPOCH = 621355968000000000n;
const ticksNow = () => TICKS_AT_UNIX_EPOCH + BigInt(Date.now()) * 10000n;

/** Bytes a record takes in the log besides its payload (the exact figure does not matter, only that it varies). */
const RECORD_OVERHEAD = 120n;

/**
 * The stand-in's transaction log and stream index: appends are atomic and idempotent by event id (a re-sent append
 * with the same ids at the same expected version succeeds without writing again, as on the server); positions are
 * byte offsets, so a number that is not a record's position is an invalid position, as it is on a real log.
 */
export class StandInEventLog {
  readonly records: StandInRecord[] = [];
  private readonly byStream = new Map<string, StandInRecord[]>();
  private readonly byPosition = new Map<bigint, number>();
  private readonly deleted = new Set<string>();
  private readonly listeners = new Set<(record: StandInRecord) => void>();
  /** Where the next record goes: the log does not start at 0 (the server writes its own records first). */
  private end = 4096n;

  constructor() {
    // A system record first, as on every real node: readers must skip it.
    this.write('$stats-127.0.0.1:2113', [
      {
        id: '00000000-0000-4000-8000-000000000001',
        type: '$statsCollected',
        contentType: 'application/json',
        data: Buffer.from('{}'),
        metadata: new Uint8Array(),
      },
    ]);
  }

  get endPosition(): bigint {
    return this.end;
  }

  streamRecords(stream: string): StandInRecord[] | undefined {
    return this.byStream.get(stream);
  }

  isDeleted(stream: string): boolean {
    return this.deleted.has(stream);
  }

  /** A hard delete (tombstone): the stream can never be read or written again. */
  tombstone(stream: string): void {
    this.deleted.add(stream);
  }

  /** Index in `records` of the record at `position`, the record count for the end, or undefined if invalid. */
  indexAt(position: bigint): number | undefined {
    if (position === 0n) return 0; // the start of the log, before the server's own records
    if (position === this.end) return this.records.length;
    return this.byPosition.get(position);
  }

  onAppended(listener: (record: StandInRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  append(stream: string, expected: bigint, events: ProposedEvent[]): AppendOutcome {
    if (this.deleted.has(stream)) return { ok: false, failure: failures.streamDeleted(stream) };
    const existing = this.byStream.get(stream) ?? [];
    const current = BigInt(existing.length) - 1n;
    const already = this.alreadyWritten(existing, expected, events);
    if (already) return { ok: true, currentRevision: already.revision, position: already.position };
    const fits =
      expected === ANY ||
      (expected === NO_STREAM && existing.length === 0) ||
      (expected === STREAM_EXISTS && existing.length > 0) ||
      expected === current;
    if (!fits) return { ok: false, wrongExpectedVersion: { current } };
    if (events.length === 0) return { ok: true, currentRevision: current, position: this.end };
    const written = this.write(stream, events);
    const last = written[written.length - 1];
    return { ok: true, currentRevision: last.revision, position: last.position };
  }

  /** The last record of an identical earlier append at this expected version (the server's idempotency check). */
  private alreadyWritten(existing: StandInRecord[], expected: bigint, events: ProposedEvent[]): StandInRecord | null {
    if (events.length === 0) return null;
    let first: number;
    if (expected >= 0n || expected === NO_STREAM) first = Number(expected) + 1;
    else {
      first = existing.findIndex((record) => record.id === events[0].id);
      if (first < 0) return null;
    }
    if (first + events.length > existing.length) return null;
    for (let k = 0; k < events.length; k++) if (existing[first + k].id !== events[k].id) return null;
    return existing[first + events.length - 1];
  }

  private write(stream: string, events: ProposedEvent[]): StandInRecord[] {
    const list = this.byStream.get(stream) ?? [];
    this.byStream.set(stream, list);
    const created = ticksNow();
    const written = events.map((event) => {
      const record: StandInRecord = { ...event, stream, revision: BigInt(list.length), created, position: this.end };
      this.end += RECORD_OVERHEAD + BigInt(event.data.length + event.metadata.length + event.type.length * 2);
      this.byPosition.set(record.position, this.records.length);
      this.records.push(record);
      list.push(record);
      return record;
    });
    for (const record of written) for (const listener of [...this.listeners]) listener(record);
    return written;
  }
}
