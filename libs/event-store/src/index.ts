/** Event store: the port, its adapters (sqlite, postgres, esdb, memory), snapshots, and the Nest module. */
export * from './event-store.types';
export * from './event-store.port';
export * from './snapshot-store.port';
export * from './errors/wrong-expected-revision.error';
export * from './errors/event-store-unavailable.error';
export * from './event-store.options';
export * from './create-event-store';
export * from './event-store.module';
export * from './memory/memory-event-store';
export * from './memory/memory-snapshot-store';
export * from './sqlite/sqlite-event-store';
export * from './postgres/postgres-event-store';
export * from './esdb/esdb-event-store';
export { mapEsdbError } from './esdb/esdb-error-mapping';
