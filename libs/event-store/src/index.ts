/**
 * Event store: the port, its embedded adapters (sqlite, memory), snapshots, and the Nest module. The networked
 * adapters are imported from their own files (`@app/event-store/postgres/postgres-event-store`,
 * `@app/event-store/esdb/esdb-event-store`), so that loading the library does not load their clients;
 * `createStores` loads the one configured.
 */
export * from './event-store.types';
export * from './event-store.port';
export * from './snapshot-store.port';
export * from './errors/wrong-expected-revision.error';
export * from './errors/event-store-unavailable.error';
export * from './errors/append-too-large.error';
export * from './errors/stream-deleted.error';
export * from './errors/unknown-position.error';
export * from './errors/checkpoint-ahead-of-store.error';
export * from './errors/event-store-configuration.error';
export * from './errors/damaged-event.error';
export * from './event-store.options';
export * from './create-event-store';
export * from './event-store.module';
export * from './memory/memory-event-store';
export * from './memory/memory-snapshot-store';
export * from './sqlite/sqlite-event-store';
