import type Database from 'better-sqlite3';
import type { Snapshot } from '../snapshot-store.port';
import { SnapshotStore } from '../snapshot-store.port';

/** Snapshots in the same sqlite file as the events (table `stream_snapshots`, see sqlite-schema.ts). */
export class SqliteSnapshotStore extends SnapshotStore {
  private readonly save: Database.Statement;
  private readonly latest: Database.Statement;
  private readonly atOrBefore: Database.Statement;
  private readonly deleteOne: Database.Statement;
  private readonly deleteAll: Database.Statement;
  private readonly deleteOtherVersions: Database.Statement;

  constructor(private readonly db: Database.Database) {
    super();
    this.save = db.prepare(
      `INSERT OR REPLACE INTO stream_snapshots (stream, engine_version, revision, state, saved_at)
       VALUES (?, ?, ?, ?, ?)`,
    );
    this.latest = db.prepare(
      `SELECT revision, state FROM stream_snapshots WHERE stream = ? AND engine_version = ?
       ORDER BY revision DESC LIMIT 1`,
    );
    this.atOrBefore = db.prepare(
      `SELECT revision, state FROM stream_snapshots WHERE stream = ? AND engine_version = ? AND revision <= ?
       ORDER BY revision DESC LIMIT 1`,
    );
    this.deleteOne = db.prepare(`DELETE FROM stream_snapshots WHERE stream = ?`);
    this.deleteAll = db.prepare(`DELETE FROM stream_snapshots`);
    this.deleteOtherVersions = db.prepare(`DELETE FROM stream_snapshots WHERE engine_version <> ?`);
  }

  override async saveSnapshot(stream: string, revision: number, engineVersion: string, state: string): Promise<void> {
    if (!Number.isSafeInteger(revision) || revision < 0) throw new TypeError('snapshot revision must be >= 0');
    this.save.run(stream, engineVersion, revision, state, new Date().toISOString());
  }

  override async loadSnapshot(stream: string, engineVersion: string, atOrBefore?: number): Promise<Snapshot | null> {
    const row = (
      atOrBefore === undefined
        ? this.latest.get(stream, engineVersion)
        : this.atOrBefore.get(stream, engineVersion, atOrBefore)
    ) as Snapshot | undefined;
    return row ? { revision: row.revision, state: row.state } : null;
  }

  /** Other versions' rows, and the table `snapshots` of the builds before `stream_snapshots`, in one transaction. */
  override async deleteSnapshotsExcept(engineVersion: string): Promise<number> {
    return this.db.transaction(() => {
      let deleted = this.deleteOtherVersions.run(engineVersion).changes;
      const earlier = this.db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'snapshots'`).get();
      if (earlier !== undefined) {
        deleted += (this.db.prepare(`SELECT count(*) AS n FROM snapshots`).get() as { n: number }).n;
        this.db.exec(`DROP TABLE snapshots`);
      }
      return deleted;
    })();
  }

  override async deleteSnapshots(stream?: string): Promise<number> {
    return (stream === undefined ? this.deleteAll.run() : this.deleteOne.run(stream)).changes;
  }
}
