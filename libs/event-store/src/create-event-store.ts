import type { EventStore } from './event-store.port';
import { DEFAULT_SQLITE_PATH, type EventStoreOptions } from './event-store.options';
import { MemoryEventStore } from './memory/memory-event-store';
import { MemorySnapshotStore } from './memory/memory-snapshot-store';
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

/**
 * Builds the configured event store and its snapshot store, without Nest (CLI, scripts, tests). The networked
 * adapters are loaded only when chosen: their clients (node-postgres, the gRPC stack of EventStoreDB's) would
 * otherwise be loaded by every start of the service and the CLI on the embedded store.
 */
export async function createStores(options: EventStoreOptions): Promise<EventStores> {
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
      const { PostgresEventStore } = await import('./postgres/postgres-event-store');
      const store = new PostgresEventStore({
        connectionString: options.postgresUrl,
        hosts: options.postgresHosts,
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
      const { EsdbEventStore } = await import('./esdb/esdb-event-store');
      const store = new EsdbEventStore({ connectionString: options.esdbConnectionString });
      return { eventStore: store, snapshotStore: new MemorySnapshotStore(), close: () => store.close() };
    }
    default:
      throw new TypeError(`unknown event store kind '${(options as { kind: unknown }).kind}'`);
  }
}
