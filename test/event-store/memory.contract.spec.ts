import { MemoryEventStore } from '@app/event-store';
import { describeEventStoreContract } from './event-store.contract';

describeEventStoreContract('memory', () => {
  // A small subscription page makes catch-up span several pages.
  const store = new MemoryEventStore({ subscriptionPageSize: 64 });
  return { store, snapshots: store };
});

describe('memory adapter', () => {
  it('starts with no streams: nothing survives a new store', async () => {
    expect(await new MemoryEventStore().listStreams()).toEqual([]);
  });
});
