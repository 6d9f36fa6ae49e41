import { EsdbEventStore } from '@app/event-store';
import { describeEventStoreContract } from './event-store.contract';

const connectionString = process.env.ESDB_CONNECTION_STRING;

if (connectionString) {
  // Runs against a real (possibly shared) server: the contract uses unique stream names per run.
  describeEventStoreContract('esdb', () => ({ store: new EsdbEventStore({ connectionString }) }), {
    propertyRuns: 5,
    liveTimeoutMs: 15000,
    quietMs: 300,
  });
} else {
  describe.skip('EventStore contract: esdb (skipped because ESDB_CONNECTION_STRING is not set)', () => {
    it('needs an EventStoreDB server, e.g. ESDB_CONNECTION_STRING=esdb://localhost:2113?tls=false', () => undefined);
  });
}

describe('esdb adapter without a server', () => {
  it('refuses a malformed connection string at once, saying what it got', () => {
    expect(() => new EsdbEventStore({ connectionString: 'not-a-connection-string' })).toThrow(
      /expected esdb:\/\/ or esdb\+discover:\/\//,
    );
  });
});
