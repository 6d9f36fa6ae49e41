import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createStores } from './create-event-store';
import { EsdbEventStore } from './esdb/esdb-event-store';
import { EventStoreUnavailableError } from './errors/event-store-unavailable.error';
import { EventStoreModule } from './event-store.module';
import { eventStoreOptionsFromEnv } from './event-store.options';
import { EventStore } from './event-store.port';
import { MemoryEventStore } from './memory/memory-event-store';
import { MemorySnapshotStore } from './memory/memory-snapshot-store';
import { PostgresEventStore } from './postgres/postgres-event-store';
import { SnapshotStore } from './snapshot-store.port';
import { SqliteEventStore } from './sqlite/sqlite-event-store';

/** A consumer, as the games layer will be: it only knows the ports. */
@Injectable()
class Consumer {
  constructor(
    readonly events: EventStore,
    readonly snapshots: SnapshotStore,
  ) {}
}

describe('EventStoreModule', () => {
  it('provides EventStore and SnapshotStore by their port classes and closes the store on shutdown', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [EventStoreModule.forRoot({ kind: 'memory' })],
      providers: [Consumer],
    }).compile();
    const app = moduleRef.createNestApplication();
    await app.init();
    const consumer = app.get(Consumer);
    expect(consumer.events).toBeInstanceOf(MemoryEventStore);
    expect(consumer.snapshots).toBe(consumer.events);
    await consumer.events.append('game-1', [{ type: 'T', data: {}, metadata: {} }], 'no-stream');
    await app.close();
    await expect(consumer.events.readStream('game-1')).rejects.toBeInstanceOf(EventStoreUnavailableError);
  });

  it('builds the store from async options (e.g. a config service) and is global by default', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-module-'));
    const CONFIG = 'CONFIG';
    @Module({ providers: [{ provide: CONFIG, useValue: { file: path.join(dir, 'db', 'app.db') } }], exports: [CONFIG] })
    class ConfigModule {}
    @Module({ providers: [Consumer] }) // does not import EventStoreModule itself
    class FeatureModule {}
    try {
      const moduleRef = await Test.createTestingModule({
        imports: [
          EventStoreModule.forRootAsync({
            imports: [ConfigModule],
            inject: [CONFIG],
            useFactory: (config: { file: string }) => ({ kind: 'sqlite', sqlitePath: config.file }),
          }),
          FeatureModule,
        ],
      }).compile();
      const consumer = moduleRef.get(Consumer);
      expect(consumer.events).toBeInstanceOf(SqliteEventStore);
      expect(fs.existsSync(path.join(dir, 'db', 'app.db'))).toBe(true);
      await moduleRef.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('createStores / eventStoreOptionsFromEnv', () => {
  it('builds each kind; esdb gets an in-memory snapshot store and needs a connection string', async () => {
    const memory = await createStores({ kind: 'memory' });
    expect(memory.eventStore).toBeInstanceOf(MemoryEventStore);
    expect(memory.snapshotStore).toBe(memory.eventStore);
    await memory.close();
    const esdb = await createStores({ kind: 'esdb', esdbConnectionString: 'esdb://localhost:2113?tls=false' });
    expect(esdb.eventStore).toBeInstanceOf(EsdbEventStore);
    expect(esdb.snapshotStore).toBeInstanceOf(MemorySnapshotStore);
    await esdb.close(); // never connected: nothing to wait for
    await expect(createStores({ kind: 'esdb' })).rejects.toThrow(/esdbConnectionString/);
  });

  it('builds a postgres store that is its own snapshot store, and refuses what it cannot use before connecting', async () => {
    const postgres = await createStores({ kind: 'postgres', postgresUrl: 'postgresql://sanctum@127.0.0.1:1/none' });
    expect(postgres.eventStore).toBeInstanceOf(PostgresEventStore);
    expect(postgres.snapshotStore).toBe(postgres.eventStore);
    await postgres.close(); // never connected: nothing to wait for
    await expect(createStores({ kind: 'postgres' })).rejects.toThrow(/postgresUrl/);
    await expect(createStores({ kind: 'postgres', postgresUrl: 'host=db dbname=x' })).rejects.toThrow(/must be a URI/);
    await expect(
      createStores({ kind: 'postgres', postgresUrl: 'postgresql://u:pw@db/x', postgresSchema: 'Bad-Name' }),
    ).rejects.toThrow(/schema must be/);
    await expect(
      createStores({ kind: 'postgres', postgresUrl: 'postgresql://db/x', postgresPoolSize: 0 }),
    ).rejects.toThrow(/pool size/);
  });

  it('reads the postgres settings, and refuses postgres without POSTGRES_URL', () => {
    expect(
      eventStoreOptionsFromEnv({
        EVENT_STORE: 'postgres',
        POSTGRES_URL: 'postgresql://db/x',
        POSTGRES_POOL_SIZE: '3',
        POSTGRES_STATEMENT_TIMEOUT_MS: '1500',
      }),
    ).toMatchObject({
      kind: 'postgres',
      postgresUrl: 'postgresql://db/x',
      postgresPoolSize: 3,
      postgresStatementTimeoutMs: 1500,
    });
    expect(() => eventStoreOptionsFromEnv({ EVENT_STORE: 'postgres' })).toThrow(/needs POSTGRES_URL/);
    expect(() =>
      eventStoreOptionsFromEnv({ EVENT_STORE: 'postgres', POSTGRES_URL: 'postgresql://db/x', POSTGRES_POOL_SIZE: '0' }),
    ).toThrow(/POSTGRES_POOL_SIZE must be a whole number of at least 1, got '0'/);
  });

  it('reads EVENT_STORE, SQLITE_PATH, SQLITE_LOCK_WAIT_MS and ESDB_CONNECTION_STRING (default sqlite)', () => {
    expect(eventStoreOptionsFromEnv({})).toEqual({
      kind: 'sqlite',
      sqlitePath: undefined,
      esdbConnectionString: undefined,
    });
    expect(eventStoreOptionsFromEnv({ EVENT_STORE: 'ESDB', ESDB_CONNECTION_STRING: 'esdb://x:2113' })).toMatchObject({
      kind: 'esdb',
      esdbConnectionString: 'esdb://x:2113',
    });
    expect(eventStoreOptionsFromEnv({ EVENT_STORE: 'memory', SQLITE_PATH: '/tmp/x.db' })).toMatchObject({
      kind: 'memory',
      sqlitePath: '/tmp/x.db',
    });
    expect(() => eventStoreOptionsFromEnv({ EVENT_STORE: 'mysql' })).toThrow(TypeError);
    expect(eventStoreOptionsFromEnv({ SQLITE_LOCK_WAIT_MS: '250' })).toMatchObject({ sqliteLockWaitMs: 250 });
    expect(() => eventStoreOptionsFromEnv({ SQLITE_LOCK_WAIT_MS: '2s' })).toThrow(/SQLITE_LOCK_WAIT_MS/);
  });
});
