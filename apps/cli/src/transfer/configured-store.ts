import { existsSync } from 'node:fs';
import * as path from 'node:path';
import {
  type EventStore,
  type EventStoreOptions,
  type SnapshotStore,
  createStores,
  eventStoreOptionsFromEnv,
} from '@app/event-store';
import { CliFailure } from '../cli-failure.error';
import { STORE_EXIT } from './store-exit-codes';

/** The event store the environment names, opened for one command. */
export interface ConfiguredStore {
  store: EventStore;
  /** The store's snapshots (a cache; `verify` checks them against the events). */
  snapshots: SnapshotStore;
  /**
   * How messages name it: `the sqlite store /abs/data/sanctum.db`, `the memory store`, `the esdb store host:2113`,
   * `the postgres store postgresql://db:5432/sanctum`.
   */
  name: string;
  kind: EventStoreOptions['kind'];
  close(): Promise<void>;
}

/** The connection string without credentials: messages must never print a password. */
function withoutCredentials(connection: string | undefined): string {
  return (connection ?? '').replace(/^([a-z+]+:\/\/)[^@/]*@/i, '$1');
}

function storeName(options: EventStoreOptions): string {
  switch (options.kind) {
    case 'sqlite':
      return `the sqlite store ${path.resolve(options.sqlitePath ?? './data/sanctum.db')}`;
    case 'esdb':
      return `the esdb store ${withoutCredentials(options.esdbConnectionString)}`;
    case 'postgres':
      return `the postgres store ${withoutCredentials(options.postgresUrl)}`;
    default:
      return 'the memory store';
  }
}

/**
 * Opens the store configured like the service's (EVENT_STORE, SQLITE_PATH, POSTGRES_URL, ESDB_CONNECTION_STRING, and `.env`
 * when present; relative paths from the repository root, as `npm start` reads them). The networked adapters are
 * loaded by `createStores`, for the store configured only.
 */
export async function openConfiguredStore(): Promise<ConfiguredStore> {
  // Like @nestjs/config in the service: the file fills in what the environment does not already set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let options: EventStoreOptions;
  try {
    options = eventStoreOptionsFromEnv(process.env);
  } catch (error) {
    throw new CliFailure(STORE_EXIT.invalidInput, (error as Error).message);
  }
  if (options.kind === 'esdb' && !options.esdbConnectionString) {
    throw new CliFailure(STORE_EXIT.invalidInput, 'EVENT_STORE=esdb needs ESDB_CONNECTION_STRING');
  }
  const name = storeName(options);
  try {
    const stores = await createStores(options);
    return {
      store: stores.eventStore,
      snapshots: stores.snapshotStore,
      name,
      kind: options.kind,
      close: () => stores.close(),
    };
  } catch (error) {
    throw new CliFailure(STORE_EXIT.storeUnavailable, `cannot open ${name}: ${(error as Error).message}`);
  }
}
