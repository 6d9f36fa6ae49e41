import * as os from 'node:os';
import * as path from 'node:path';
import {
  describeStore,
  secretsFolderFor,
  storeExists,
  storeIsLasting,
  storeName,
  storeSharedByMachines,
  withoutCredentials,
} from './store-kinds';

describe('what each kind of store means to the service around it', () => {
  it('describes a store in short and in a sentence, never with a password', () => {
    expect(describeStore({ kind: 'sqlite' })).toBe('sqlite (./data/sanctum.db)');
    expect(storeName({ kind: 'sqlite', sqlitePath: '/srv/s.db' })).toBe('the sqlite store /srv/s.db');
    expect(describeStore({ kind: 'esdb', esdbConnectionString: 'esdb://admin:changeit@db:2113?tls=false' })).toBe(
      'esdb (esdb://***@db:2113?tls=false)',
    );
    expect(describeStore({ kind: 'postgres', postgresUrl: 'postgresql://sanctum:secret@db:5432/games' })).toBe(
      'postgres (postgresql://***@db:5432/games)',
    );
    expect(describeStore({ kind: 'postgres', postgresUrl: 'postgresql://db/games', postgresSchema: 'cup' })).toBe(
      'postgres (postgresql://db/games, schema cup)',
    );
    expect(storeName({ kind: 'postgres', postgresUrl: 'postgres://u:p@a:1,b:2/x' })).toBe(
      'the postgres store postgres://***@a:1,b:2/x',
    );
    expect(storeName({ kind: 'memory' })).toBe('the memory store');
  });

  it('hides the user and password of any URI, and nothing else', () => {
    expect(withoutCredentials('postgresql://user:pa@ss@db/x')).toBe(
      'postgresql://***@ss@db/x'.replace('***@ss@', '***@'),
    );
    expect(withoutCredentials('esdb+discover://admin:changeit@cluster:2113')).toBe('esdb+discover://***@cluster:2113');
    expect(withoutCredentials('postgresql://db:5432/x?sslmode=verify-full')).toBe(
      'postgresql://db:5432/x?sslmode=verify-full',
    );
  });

  it('tells which stores several machines share, where generated secrets live, and what outlives the process', () => {
    expect(storeSharedByMachines({ kind: 'postgres', postgresUrl: 'postgresql://db/x' })).toBe(true);
    expect(storeSharedByMachines({ kind: 'sqlite' })).toBe(false);
    expect(secretsFolderFor({ kind: 'sqlite', sqlitePath: '/srv/data/s.db' })).toBe('/srv/data');
    expect(secretsFolderFor({ kind: 'sqlite', sqlitePath: ':memory:' })).toBeNull();
    expect(secretsFolderFor({ kind: 'memory' })).toBeNull();
    expect(secretsFolderFor({ kind: 'postgres', postgresUrl: 'postgresql://db/x' })).toBeNull();
    expect(storeIsLasting({ kind: 'memory' })).toBe(false);
    expect(storeIsLasting({ kind: 'sqlite' })).toBe(true);
  });

  it('tells whether an embedded store is there, without creating it', () => {
    expect(storeExists({ kind: 'sqlite', sqlitePath: path.join(os.tmpdir(), 'no-such-dir', 's.db') })).toBe(false);
    expect(storeExists({ kind: 'sqlite', sqlitePath: __filename })).toBe(true);
    expect(storeExists({ kind: 'postgres', postgresUrl: 'postgresql://db/x' })).toBeUndefined();
  });
});
