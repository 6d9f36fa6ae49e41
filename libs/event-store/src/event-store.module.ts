import {
  type DynamicModule,
  type FactoryProvider,
  Inject,
  Injectable,
  Logger,
  Module,
  type ModuleMetadata,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { EventStoreConfigurationError } from './errors/event-store-configuration.error';
import { createStores, type EventStores } from './create-event-store';
import { EventStore } from './event-store.port';
import type { EventStoreOptions } from './event-store.options';
import { SnapshotStore } from './snapshot-store.port';

/** Injection token of the EventStores bundle (the EventStore and SnapshotStore classes are tokens themselves). */
export const EVENT_STORES = Symbol('EVENT_STORES');
const EVENT_STORE_OPTIONS = Symbol('EVENT_STORE_OPTIONS');

/** Closes the store when the application shuts down (app.close(), or a signal with enableShutdownHooks). */
@Injectable()
class EventStoreShutdown implements OnApplicationShutdown {
  constructor(@Inject(EVENT_STORES) private readonly stores: EventStores) {}

  async onApplicationShutdown(): Promise<void> {
    await this.stores.close();
  }
}

/**
 * Asks the store once at start whether it can be used: a store that refuses this service (TLS that cannot be
 * agreed on, a certificate that does not verify, a password refused) stops the start with the store's own words.
 * A store that is only down does not: the service starts, answers 503, and carries on once it is back.
 */
@Injectable()
class EventStoreStartCheck implements OnApplicationBootstrap {
  private readonly logger = new Logger('EventStore');

  constructor(@Inject(EVENT_STORES) private readonly stores: EventStores) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.stores.eventStore.checkReady();
    } catch (error) {
      if (error instanceof EventStoreConfigurationError) throw error;
      this.logger.warn(`the event store is not ready at start (${(error as Error).message}); serving 503 meanwhile`);
    }
  }
}

export interface EventStoreModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  inject?: FactoryProvider['inject'];
  useFactory: (...args: never[]) => EventStoreOptions | Promise<EventStoreOptions>;
  /** Register the providers globally (default true: the games layer and both apps share one store). */
  global?: boolean;
}

/**
 * Provides `EventStore` and `SnapshotStore` (abstract classes used as tokens) and `EVENT_STORES`:
 * `EventStoreModule.forRoot({ kind: 'sqlite', sqlitePath })`, or forRootAsync with a config factory.
 */
@Module({})
export class EventStoreModule {
  static forRoot(options: EventStoreOptions & { global?: boolean }): DynamicModule {
    return EventStoreModule.forRootAsync({ useFactory: () => options, global: options.global });
  }

  static forRootAsync(options: EventStoreModuleAsyncOptions): DynamicModule {
    return {
      module: EventStoreModule,
      global: options.global ?? true,
      imports: options.imports ?? [],
      providers: [
        { provide: EVENT_STORE_OPTIONS, useFactory: options.useFactory, inject: options.inject ?? [] },
        { provide: EVENT_STORES, useFactory: (o: EventStoreOptions) => createStores(o), inject: [EVENT_STORE_OPTIONS] },
        { provide: EventStore, useFactory: (s: EventStores) => s.eventStore, inject: [EVENT_STORES] },
        { provide: SnapshotStore, useFactory: (s: EventStores) => s.snapshotStore, inject: [EVENT_STORES] },
        EventStoreShutdown,
        EventStoreStartCheck,
      ],
      exports: [EVENT_STORES, EventStore, SnapshotStore],
    };
  }
}
