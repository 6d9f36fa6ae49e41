import { PostgresCluster, describeWithPostgres } from '../support/postgres-cluster';
import { PostgresStoreForger } from '../support/tampering/postgres.store-forger';
import { gameStream } from '@app/games';
import { tamperedStoreProperties } from './tampered-store.property';

describeWithPostgres('a forged PostgreSQL store: every forgery is a finding, never an exception (fast-check)', () => {
  const suite = tamperedStoreProperties(
    'PostgreSQL',
    async () => {
      const cluster = await PostgresCluster.create({ settings: { fsync: 'off' } });
      const url = cluster.url();
      return {
        store: { kind: 'postgres', postgresUrl: url },
        forger: () => PostgresStoreForger.connect(url),
        tearDown: () => cluster.destroy(),
      };
    },
    100,
  );
  it('PostgreSQL: the forger writes what the store then reads — else every property above would hold of an untouched store', async () => {
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
