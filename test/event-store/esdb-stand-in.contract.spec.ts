/**
 * The event store contract, on the esdb adapter against the in-process gRPC stand-in of EventStoreDB.
 *
 * Why it is slow: the whole contract, its random runs too, goes through gRPC, with both ends in this process.
 */
import { EsdbEventStore } from '@app/event-store/esdb/esdb-event-store';
import { EsdbStandIn } from './esdb-stand-in/esdb-stand-in.server';
import { describeEventStoreContract } from './event-store.contract';

let standIn: EsdbStandIn;
beforeAll(async () => {
  standIn = await EsdbStandIn.start();
});
afterAll(() => standIn.stop());

describeEventStoreContract(
  'esdb adapter ↔ gRPC protocol stand-in (not EventStoreDB)',
  () => ({ store: new EsdbEventStore({ connectionString: standIn.connectionString(), pageSize: 64 }) }),
  { propertyRuns: 10, liveTimeoutMs: 10000, quietMs: 100 },
);

it('kept what the contract wrote on the stand-in: a new client lists its streams', async () => {
  const reader = new EsdbEventStore({ connectionString: standIn.connectionString(), pageSize: 64 });
  try {
    expect((await reader.listStreams()).length).toBeGreaterThan(0);
  } finally {
    await reader.close();
  }
});
