import { existsSync } from 'node:fs';
import {
  type EventStore,
  type EventStoreOptions,
  type SnapshotStore,
  createStores,
  eventStoreOptionsFromEnv,
  storeExists,
  storeIsLasting,
  storeName,
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
  /** Whether what is written outlives the command (a store in memory is a dry run). */
  lasting: boolean;
  close(): Promise<void>;
}

/**
 * The store configured like the service's (EVENT_STORE, SQLITE_PATH, POSTGRES_URL, ESDB_CONNECTION_STRING, and `.env`
 * when present; relative paths from the repository root, as `npm start` reads them).
 */
export function configuredStoreOptions(): EventStoreOptions {
  // Like @nestjs/config in the service: the file fills in what the environment does not already set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return eventStoreOptionsFromEnv(process.env);
  } catch (error) {
    throw new CliFailure(STORE_EXIT.invalidInput, (error as Error).message);
  }
}

/**
 * Opens the configured store (see configuredStoreOptions). The networked adapters are loaded by `createStores`, for
 * the store configured only. With `missing`, a store that is not there yet is not created by opening it: the
 * message `missing` words for it is the command's failure (exit 2).
 */
export async function openConfiguredStore(missing?: (name: string) => string): Promise<ConfiguredStore> {
  const options = configuredStoreOptions();
  const name = storeName(options);
  if (missing !== undefined && storeExists(options) === false)
    throw new CliFailure(STORE_EXIT.invalidInput, missing(name));
  try {
    const stores = await createStores(options);
    return {
      store: stores.eventStore,
      snapshots: stores.snapshotStore,
      name,
      lasting: storeIsLasting(options),
      close: () => stores.close(),
    };
  } catch (error) {
    throw new CliFailure(STORE_EXIT.storeUnavailable, `cannot open ${name}: ${(error as Error).message}`);
  }
}
