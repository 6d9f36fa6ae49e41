import Database from 'better-sqlite3';
import { type GameEventLine, gameStream } from '@app/games';
import type { StoreForger, StoredSnapshotRow } from './store-forger';
import { storedJson } from './unwritable-json';

/** A second connection to the SQLite file, editing its tables directly. */
export class SqliteStoreForger implements StoreForger {
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = new Database(file);
  }

  async snapshots(gameId: string): Promise<StoredSnapshotRow[]> {
    return this.db
      .prepare('SELECT revision, state FROM stream_snapshots WHERE stream = ? ORDER BY revision')
      .all(gameStream(gameId)) as StoredSnapshotRow[];
  }

  async writeGame(gameId: string, events: readonly GameEventLine[], positions: readonly number[]): Promise<void> {
    const stream = gameStream(gameId);
    const insert = this.db.prepare(
      'INSERT INTO events (position, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM events WHERE stream = ?').run(stream);
      events.forEach((event, i) => {
        const position = positions[i] ?? positions[positions.length - 1]! + i;
        const { revision, type, data, metadata } = event;
        insert.run(position, stream, revision, type, storedJson(data), storedJson(metadata), new Date().toISOString());
      });
    })();
  }

  async writeSnapshot(gameId: string, { revision, state }: StoredSnapshotRow): Promise<void> {
    this.db
      .prepare('UPDATE stream_snapshots SET state = ? WHERE stream = ? AND revision = ?')
      .run(state, gameStream(gameId), revision);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
