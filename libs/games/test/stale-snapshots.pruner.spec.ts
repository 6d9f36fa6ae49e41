import { SqliteEventStore } from '@app/event-store';
import { SNAPSHOT_KEY } from '../src/loading/snapshot-body.codec';
import { GamesHarness, temporaryDirectory } from './games-testing';

describe('StaleSnapshotsPruner: snapshots of earlier engine versions are deleted as the service starts', () => {
  const dir = temporaryDirectory();
  afterAll(() => dir.cleanup());

  it('deletes the other keys’ snapshots at start-up and keeps the current key’s', async () => {
    const file = dir.path('upgraded.db');
    const before = new SqliteEventStore({ path: file });
    await before.saveSnapshot('game-a', 1000, '1.0.0+snapshot.2', '{"old":true}');
    await before.saveSnapshot('game-a', 2000, SNAPSHOT_KEY, '{"current":true}');
    await before.close();

    const harness = await GamesHarness.start({ store: { kind: 'sqlite', sqlitePath: file } });
    try {
      expect(await harness.snapshots.loadSnapshot('game-a', '1.0.0+snapshot.2')).toBeNull();
      expect(await harness.snapshots.loadSnapshot('game-a', SNAPSHOT_KEY)).toEqual({
        revision: 2000,
        state: '{"current":true}',
      });
    } finally {
      await harness.close();
    }
  });
});
