import { EsdbEventStore } from './esdb/esdb-event-store';
import type { EventStore } from './event-store.port';
import { DEFAULT_SQLITE_PATH, type EventStoreOptions } from './event-store.options';
import { MemoryEventStore } from './memory/memory-event-store';
import { MemorySnapshotStore } from './memory/memory-snapshot-store';
import { PostgresEventStore } from './postgres/postgres-event-store';
import type { SnapshotStore } from './snapshot-store.port';
import { SqliteEventStore } from './sqlite/sqlite-event-store';

export interface EventStores {
  eventStore: EventStore;
  /**
   * sqlite: the same file; postgres: a table beside the events, shared by every instance; memory: the same object;
   * esdb: process memory (see MemorySnapshotStore).
   */
  snapshotStore: SnapshotStore;
  close(): Promise<void>;
}

/** Builds the configured event store and its snapshot store, without Nest (CLI, scripts, tests). */
export function createStores(options: EventStoreOptions): EventStores {
  switch (options.kind) {
    case 'sqlite': {
      const store = new SqliteEventStore({
        path: options.sqlitePath ?? DEFAULT_SQLITE_PATH,
        pollIntervalMs: options.pollIntervalMs,
        busyTimeoutMs: options.sqliteLockWaitMs,
      });
      return { eventStore: store, snapshotStore: store, close: () => store.close() };
    }
    case 'postgres': {
      if (!options.postgresUrl) throw new TypeError('postgres event store needs postgresUrl');
      const store = new PostgresEventStore({
        connectionString: options.postgresUrl,
        schema: options.postgresSchema,
        poolSize: options.postgresPoolSize,
        statementTimeoutMs: options.postgresStatementTimeoutMs,
        pollIntervalMs: options.pollIntervalMs,
      });
      return { eventStore: store, snapshotStore: store, close: () => store.close() };
    }
    case 'memory': {
      const store = new MemoryEventStore();
      return { eventStore: store, snapshotStore: store, close: () => store.close() };
    }
    case 'esdb': {
      if (!options.esdbConnectionString) throw new TypeError('esdb event store needs esdbConnectionString');
      const store = new EsdbEventStore({ connectionString: options.esdbConnectionString });
      return { eventStore: store, snapshotStore: new MemorySnapshotStore(), close: () => store.close() };
    }
    default:
      throw new TypeError(`unknown event store kind '${(options as { kind: unknown }).kind}'`);
  }
}

/** The configured EventStore alone (the caller closes it). */
export function createEventStore(options: EventStoreOptions): EventStore {
  return createStores(options).eventStore;
}
