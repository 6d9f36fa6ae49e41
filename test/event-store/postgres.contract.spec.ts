import { PostgresEventStore } from '@app/event-store/postgres/postgres-event-store';
import { PostgresCluster, describeWithPostgres } from '../support/postgres-cluster';
import { describeEventStoreContract } from './event-store.contract';

describeWithPostgres('postgres store against a throwaway PostgreSQL server', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await PostgresCluster.create({ settings: { fsync: 'off' } });
  });
  afterAll(async () => cluster?.destroy());

  // Every test gets a store in a schema of its own (created by the store's migrations at first use).
  let n = 0;
  describeEventStoreContract(
    'postgres',
    () => {
      const store = new PostgresEventStore({
        connectionString: cluster.url(),
        schema: `contract_${n++}_${process.pid}`,
        pollIntervalMs: 100,
        subscriptionPageSize: 64,
      });
      return { store, snapshots: store };
    },
    { propertyRuns: 15 },
  );

  it('kept what the contract wrote in PostgreSQL itself: a schema of its own per store that was used', async () => {
    const schemas = await cluster.withClient(async (client) => {
      const { rows } = await client.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM information_schema.schemata WHERE schema_name LIKE 'contract\\_%'",
      );
      return rows[0]?.count ?? 0;
    });
    expect(schemas).toBeGreaterThan(0);
    expect(schemas).toBeLessThanOrEqual(n);
  });
});
