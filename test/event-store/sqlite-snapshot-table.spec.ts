import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SqliteEventStore } from '@app/event-store';

/** The snapshot table of earlier builds (WITHOUT ROWID, see sqlite-schema.ts), as they created it. */
const EARLIER_SNAPSHOT_TABLE = `
CREATE TABLE snapshots (
  stream TEXT NOT NULL, engine_version TEXT NOT NULL, revision INTEGER NOT NULL, state TEXT NOT NULL,
  saved_at TEXT NOT NULL, PRIMARY KEY (stream, engine_version, revision)
) WITHOUT ROWID;
INSERT INTO snapshots VALUES ('game-1', 'v1', 2, '{"earlier":true}', '2024-01-01T00:00:00.000Z');
`;

describe('SqliteEventStore snapshot table', () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-snapshots-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A file as an earlier build left it: the old snapshot table, one snapshot in it. */
  function earlierBuildFile(): string {
    const file = path.join(dir, 'earlier.db');
    const earlier = new Database(file);
    earlier.exec(EARLIER_SNAPSHOT_TABLE);
    earlier.close();
    return file;
  }

  it("opens a file of an earlier build, and neither reads nor touches that build's snapshots", async () => {
    const file = earlierBuildFile();
    const store = new SqliteEventStore({ path: file });
    try {
      expect(await store.loadSnapshot('game-1', 'v1')).toBeNull();
      await store.saveSnapshot('game-1', 3, 'v1', '{"now":true}');
      expect(await store.loadSnapshot('game-1', 'v1', 10)).toEqual({ revision: 3, state: '{"now":true}' });
      expect(await store.deleteSnapshots()).toBe(1);
    } finally {
      await store.close();
    }
    const raw = new Database(file, { readonly: true });
    try {
      expect(raw.prepare('SELECT state FROM snapshots').all()).toEqual([{ state: '{"earlier":true}' }]);
    } finally {
      raw.close();
    }
  });

  it("deleteSnapshotsExcept drops an earlier build's table with other versions' rows, counting them", async () => {
    const file = earlierBuildFile();
    const store = new SqliteEventStore({ path: file });
    try {
      await store.saveSnapshot('game-1', 3, 'v1', '{"v1":true}');
      await store.saveSnapshot('game-1', 4, 'v2', '{"v2":true}');
      expect(await store.deleteSnapshotsExcept('v2')).toBe(2);
      expect(await store.loadSnapshot('game-1', 'v2')).toEqual({ revision: 4, state: '{"v2":true}' });
      expect(await store.loadSnapshot('game-1', 'v1')).toBeNull();
      expect(await store.deleteSnapshotsExcept('v2')).toBe(0);
    } finally {
      await store.close();
    }
    const raw = new Database(file, { readonly: true });
    try {
      expect(raw.prepare(`SELECT name FROM sqlite_master WHERE name = 'snapshots'`).all()).toEqual([]);
    } finally {
      raw.close();
    }
  });
});
