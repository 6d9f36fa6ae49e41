import { parseStoredJson } from '../common/stored-json';
import { type Observable, throwError } from 'rxjs';
import { EventStoreUnavailableError } from '../errors/event-store-unavailable.error';
import { EventStore } from '../event-store.port';
import type {
  AppendResult,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
} from '../event-store.types';
import { appendResultFor, checkExpectedRevision, serialiseAppend } from '../common/append-validation';
import { ChangeNotifier } from '../common/change-notifier';
import { matchesFilter } from '../common/event-filter';
import { assertCommandId, assertValidReadAllOptions, assertValidReadStreamOptions } from '../common/read-validation';
import { subscriptionOverReads } from '../common/subscription-over-reads';
import type { Snapshot, SnapshotStore } from '../snapshot-store.port';
import { MemorySnapshotStore } from './memory-snapshot-store';

/** Kept serialised, so reads hand out fresh objects and the memory store has the same JSON semantics as sqlite. */
interface StoredEvent {
  stream: string;
  revision: number;
  position: number;
  type: string;
  data: string;
  metadata: string;
  recordedAt: string;
}

function toRecorded(e: StoredEvent): RecordedEvent {
  return {
    stream: e.stream,
    revision: e.revision,
    position: e.position,
    type: e.type,
    ...parseStoredJson(e.data, e.metadata),
    recordedAt: e.recordedAt,
  };
}

/**
 * In-memory adapter for unit tests: the same contract as sqlite, no I/O. Appends are synchronous inside the
 * async method, which is what makes them atomic (nothing can interleave between the check and the writes).
 */
export class MemoryEventStore extends EventStore implements SnapshotStore {
  /** The whole log; position = index + 1. */
  private readonly log: StoredEvent[] = [];
  private readonly streams = new Map<string, StoredEvent[]>();
  /** Each stream's events by command id (readCommand's index). */
  private readonly commands = new Map<string, Map<string, StoredEvent[]>>();
  private readonly notifier = new ChangeNotifier();
  private readonly snapshots = new MemorySnapshotStore();
  private closed = false;

  constructor(private readonly options: { subscriptionPageSize?: number } = {}) {
    super();
  }

  override async append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    this.assertOpen();
    const serialised = serialiseAppend(stream, events, expectedRevision).events;
    const existing = this.streams.get(stream);
    const current = existing ? existing.length - 1 : null;
    checkExpectedRevision(stream, expectedRevision, current);
    if (serialised.length === 0) return appendResultFor(current, []);

    const recordedAt = new Date().toISOString();
    const list = existing ?? [];
    const byCommand = this.commands.get(stream) ?? new Map<string, StoredEvent[]>();
    this.commands.set(stream, byCommand);
    const positions = serialised.map((e, i) => {
      const stored: StoredEvent = {
        stream,
        revision: list.length,
        position: this.log.length + 1,
        recordedAt,
        ...e,
      };
      this.log.push(stored);
      list.push(stored);
      const commandId = events[i]?.metadata.commandId;
      if (typeof commandId === 'string') {
        const same = byCommand.get(commandId);
        if (same === undefined) byCommand.set(commandId, [stored]);
        else same.push(stored);
      }
      return stored.position;
    });
    this.streams.set(stream, list);
    this.notifier.notify();
    return appendResultFor(current, positions);
  }

  override async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    assertValidReadStreamOptions(options);
    const list = this.streams.get(stream) ?? [];
    const maxCount = options.maxCount ?? Number.POSITIVE_INFINITY;
    if (options.direction === 'backwards') {
      const start = Math.min(options.from ?? list.length - 1, list.length - 1);
      const out: RecordedEvent[] = [];
      for (const event of list.slice(Math.max(0, start + 1 - maxCount), start + 1).reverse()) {
        out.push(toRecorded(event));
      }
      return out;
    }
    const start = options.from ?? 0;
    return list.slice(start, start + Math.min(maxCount, list.length)).map(toRecorded);
  }

  override async streamRevision(stream: string): Promise<number | null> {
    this.assertOpen();
    const list = this.streams.get(stream);
    return list ? list.length - 1 : null;
  }

  override async readCommand(stream: string, commandId: string): Promise<RecordedEvent[]> {
    this.assertOpen();
    assertCommandId(commandId);
    return (this.commands.get(stream)?.get(commandId) ?? []).map(toRecorded);
  }

  override async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    assertValidReadAllOptions(options);
    const maxCount = options.maxCount ?? Number.POSITIVE_INFINITY;
    const out: RecordedEvent[] = [];
    // position p sits at index p - 1, so the first event after fromPosition is at index fromPosition.
    for (let i = options.fromPosition ?? 0; i < this.log.length && out.length < maxCount; i++) {
      const event = this.log[i];
      if (event !== undefined && matchesFilter(event, options.filter)) out.push(toRecorded(event));
    }
    return out;
  }

  override subscribe(options: SubscribeOptions = {}): Observable<RecordedEvent> {
    if (this.closed) return throwError(() => new EventStoreUnavailableError('the memory store is closed'));
    return subscriptionOverReads(
      this,
      options,
      { notifier: this.notifier, mapError: (error) => error },
      this.options.subscriptionPageSize,
    );
  }

  override async listStreams(prefix = ''): Promise<string[]> {
    this.assertOpen();
    return [...this.streams.keys()].filter((name) => name.startsWith(prefix));
  }

  /** In memory: ready while open (nothing of it survives the process anyway). */
  override async checkReady(): Promise<void> {
    this.assertOpen();
  }

  override async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.notifier.close();
  }

  async saveSnapshot(stream: string, revision: number, engineVersion: string, state: string): Promise<void> {
    this.assertOpen();
    return this.snapshots.saveSnapshot(stream, revision, engineVersion, state);
  }

  async loadSnapshot(stream: string, engineVersion: string, atOrBefore?: number): Promise<Snapshot | null> {
    this.assertOpen();
    return this.snapshots.loadSnapshot(stream, engineVersion, atOrBefore);
  }

  async deleteSnapshotsExcept(engineVersion: string): Promise<number> {
    this.assertOpen();
    return this.snapshots.deleteSnapshotsExcept(engineVersion);
  }

  async deleteSnapshots(stream?: string): Promise<number> {
    this.assertOpen();
    return this.snapshots.deleteSnapshots(stream);
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreUnavailableError('the memory store is closed');
  }
}
