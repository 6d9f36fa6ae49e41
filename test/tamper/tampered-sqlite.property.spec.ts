import { temporaryDirectory } from '../../libs/games/test/games-testing';
import { SqliteStoreForger } from '../support/tampering/sqlite.store-forger';
import { tamperedStoreProperties } from './tampered-store.property';

describe('a forged SQLite store: every forgery is a finding, never an exception (fast-check)', () => {
  const { forgerRoundTrip } = tamperedStoreProperties(
    'SQLite',
    async () => {
      const dir = temporaryDirectory();
      const file = dir.path('forged.db');
      return {
        store: { kind: 'sqlite', sqlitePath: file },
        forger: async () => new SqliteStoreForger(file),
        tearDown: async () => dir.cleanup(),
      };
    },
    200,
  );

  it('SQLite: the forger writes what the store then reads — else the properties would hold of an untouched store', async () => {
    const { forged, restored, original } = await forgerRoundTrip();
    expect(forged).toEqual({ forged: true });
    expect(restored).toEqual(original);
  });
});
