import { PostgresCluster, describeWithPostgres } from '../support/postgres-cluster';
import { PostgresStoreForger } from '../support/tampering/postgres.store-forger';
import { tamperedStoreProperties } from './tampered-store.property';

describeWithPostgres('a forged PostgreSQL store: every forgery is a finding, never an exception (fast-check)', () => {
  const { forgerRoundTrip } = tamperedStoreProperties(
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

  it('PostgreSQL: the forger writes what the store then reads — else the properties would hold of an untouched store', async () => {
    const { forged, restored, original } = await forgerRoundTrip();
    expect(forged).toEqual({ forged: true });
    expect(restored).toEqual(original);
  });
});
