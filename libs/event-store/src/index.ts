/** Event store: the port, its adapters (sqlite, esdb, memory), snapshots, and the Nest module. */
export * from './event-store.types';
export * from './event-store.port';
export * from './snapshot-store.port';
export * from './errors/wrong-expected-revision.error';
export * from './errors/event-store-unavailable.error';
export * from './errors/append-too-large.error';
export * from './errors/stream-deleted.error';
export * from './errors/unknown-position.error';
export * from './errors/event-store-configuration.error';
export * from './errors/damaged-event.error';
export * from './event-store.options';
export * from './create-event-store';
export * from './event-store.module';
export * from './memory/memory-event-store';
export * from './memory/memory-snapshot-store';
export * from './sqlite/sqlite-event-store';
export * from './esdb/esdb-event-store';
export { mapEsdbError } from './esdb/esdb-error-mapping';
