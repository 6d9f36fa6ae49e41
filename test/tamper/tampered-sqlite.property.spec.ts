import { temporaryDirectory } from '../../libs/games/test/games-testing';
import { SqliteStoreForger } from '../support/tampering/sqlite.store-forger';
import { gameStream } from '@app/games';
import { tamperedStoreProperties } from './tampered-store.property';

describe('a forged SQLite store: every forgery is a finding, never an exception (fast-check)', () => {
  const suite = tamperedStoreProperties(
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
  it('SQLite: the forger writes what the store then reads — else every property above would hold of an untouched store', async () => {
    const { game, store, forger, positions, restore } = suite.current();
    const forged = game.events.map((event, revision) =>
      revision === 1 ? { ...event, data: { forged: true } } : event,
    );
    await forger.writeGame(game.gameId, forged, positions);
    const [, second] = await store.readStream(gameStream(game.gameId), { maxCount: 2 });
    expect(second?.data).toEqual({ forged: true });
    await restore();
    const [, again] = await store.readStream(gameStream(game.gameId), { maxCount: 2 });
    expect(again?.data).toEqual(game.events[1]?.data);
  });
});
