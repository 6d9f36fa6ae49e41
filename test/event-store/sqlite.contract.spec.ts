import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SqliteEventStore } from '@app/event-store';
import { describeEventStoreContract } from './event-store.contract';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-sqlite-contract-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
describeEventStoreContract('sqlite', () => {
  const file = path.join(dir, `store-${n++}.db`);
  const store = new SqliteEventStore({ path: file, pollIntervalMs: 50, subscriptionPageSize: 64 });
  return {
    store,
    snapshots: store,
    cleanup: () => {
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    },
  };
});

describe('sqlite adapter', () => {
  it('a new file-backed store is empty and its file exists from the start', async () => {
    const file = path.join(dir, 'fresh.db');
    const store = new SqliteEventStore({ path: file });
    try {
      expect(fs.existsSync(file)).toBe(true);
      expect(await store.listStreams()).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
