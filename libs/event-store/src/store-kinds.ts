import * as path from 'node:path';
import { existsSync } from 'node:fs';
import { DEFAULT_SQLITE_PATH, type EventStoreKind, type EventStoreOptions } from './event-store.options';

/** What a kind of store means to the service around it: the one place that knows, beside `createStores`. */
interface StoreKindTraits {
  /** The store in short, for the start line and `/health`: `sqlite (./data/sanctum.db)`; never a password. */
  describe(options: EventStoreOptions): string;
  /** The store in a sentence of a command's message: `the sqlite store /srv/data/sanctum.db`; never a password. */
  name(options: EventStoreOptions): string;
  /**
   * Whether service instances on several machines share it: generated secrets would then differ between them (one
   * instance's player tokens refused by the next), so they must be given, the same to each.
   */
  sharedByMachines: boolean;
  /** The folder where secrets generated at a first start are kept, or null where nothing outlives the process. */
  secretsFolder(options: EventStoreOptions): string | null;
  /** Whether what is written outlives the process (a store in memory does not: a dry run). */
  lasting(options: EventStoreOptions): boolean;
  /** For a reader that must not create a store by opening it: whether it is there (undefined: cannot tell). */
  exists(options: EventStoreOptions): boolean | undefined;
}

/**
 * A connection string without its user and password (`postgresql://***@db:5432/sanctum`, `esdb://***@host:2113`):
 * every message and log line that names a networked store goes through this.
 */
export function withoutCredentials(connection: string | undefined): string {
  return (connection ?? '').replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1***@');
}

const sqlitePathOf = (options: EventStoreOptions): string => options.sqlitePath ?? DEFAULT_SQLITE_PATH;
const inMemoryFile = (options: EventStoreOptions): boolean => sqlitePathOf(options) === ':memory:';

const TRAITS: Record<EventStoreKind, StoreKindTraits> = {
  sqlite: {
    describe: (options) => `sqlite (${sqlitePathOf(options)})`,
    name: (options) => `the sqlite store ${path.resolve(sqlitePathOf(options))}`,
    sharedByMachines: false,
    // Next to the database, so that player tokens and receipt keys stay valid as long as the games do.
    secretsFolder: (options) => (inMemoryFile(options) ? null : path.dirname(sqlitePathOf(options))),
    lasting: (options) => !inMemoryFile(options),
    exists: (options) => inMemoryFile(options) || existsSync(path.resolve(sqlitePathOf(options))),
  },
  postgres: {
    describe: (options) =>
      `postgres (${withoutCredentials(options.postgresUrl)}${options.postgresHosts ? `, servers ${options.postgresHosts}` : ''}` +
      `${options.postgresSchema ? `, schema ${options.postgresSchema}` : ''})`,
    name: (options) => `the postgres store ${withoutCredentials(options.postgresUrl)}`,
    sharedByMachines: true,
    secretsFolder: () => null,
    lasting: () => true,
    exists: () => undefined,
  },
  esdb: {
    describe: (options) => `esdb (${withoutCredentials(options.esdbConnectionString)})`,
    name: (options) => `the esdb store ${withoutCredentials(options.esdbConnectionString)}`,
    sharedByMachines: false,
    // Where the default database would be: a process next to an EventStoreDB node keeps its secrets locally.
    secretsFolder: () => path.dirname(DEFAULT_SQLITE_PATH),
    lasting: () => true,
    exists: () => undefined,
  },
  memory: {
    describe: () => 'memory',
    name: () => 'the memory store',
    sharedByMachines: false,
    secretsFolder: () => null,
    lasting: () => false,
    exists: () => true,
  },
};

export function describeStore(options: EventStoreOptions): string {
  return TRAITS[options.kind].describe(options);
}

export function storeName(options: EventStoreOptions): string {
  return TRAITS[options.kind].name(options);
}

/** Whether instances on several machines share the store (their secrets must then be given, not generated). */
export function storeSharedByMachines(options: EventStoreOptions): boolean {
  return TRAITS[options.kind].sharedByMachines;
}

/** Where generated secrets are kept for this store, or null where none outlive the process. */
export function secretsFolderFor(options: EventStoreOptions): string | null {
  return TRAITS[options.kind].secretsFolder(options);
}

/** Whether what is written to the store outlives the process. */
export function storeIsLasting(options: EventStoreOptions): boolean {
  return TRAITS[options.kind].lasting(options);
}

/** Whether the store is there already (a reader must not create an empty one by opening it); undefined: unknown. */
export function storeExists(options: EventStoreOptions): boolean | undefined {
  return TRAITS[options.kind].exists(options);
}
