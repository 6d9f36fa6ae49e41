import { EsdbEventStore } from '@app/event-store/esdb/esdb-event-store';
import { describeEventStoreContract } from './event-store.contract';

const connectionString = process.env.ESDB_CONNECTION_STRING;

if (connectionString) {
  // Runs against a real (possibly shared) server: the contract uses unique stream names per run. It has passed on no
  // real server yet (none can run on the project's machines); the stand-in's run is esdb-stand-in.contract.spec.ts.
  describeEventStoreContract(
    'esdb (a real EventStoreDB / KurrentDB server)',
    () => ({ store: new EsdbEventStore({ connectionString }) }),
    {
      propertyRuns: 5,
      liveTimeoutMs: 15000,
      quietMs: 300,
    },
  );
} else {
  describe.skip('EventStore contract: esdb (skipped because ESDB_CONNECTION_STRING is not set)', () => {
    it("needs a server: ESDB_CONNECTION_STRING='esdb://localhost:2113?tls=false' npx jest test/event-store/esdb.contract.spec.ts", () =>
      undefined);
  });
}

describe('esdb adapter without a server', () => {
  it('refuses a malformed connection string at once, saying what it got', () => {
    expect(() => new EsdbEventStore({ connectionString: 'not-a-connection-string' })).toThrow(
      /expected esdb:\/\/ or esdb\+discover:\/\//,
    );
  });
});
