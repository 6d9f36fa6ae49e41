import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { EventStoreUnavailableError, SqliteEventStore, WrongExpectedRevisionError } from '@app/event-store';
import { isUniqueViolation, mapSqliteError } from '@app/event-store/sqlite/sqlite-error-mapping';
import { MIN_FREE_BYTES, SqliteDurabilityCheck } from '@app/event-store/sqlite/sqlite-durability.check';
import { COMMAND_EVENTS } from '@app/event-store/sqlite/sqlite-schema';
import { batch, collect, range, sleep, waitFor } from './contract-helpers';

/** What only the sqlite adapter promises: files, durability across reopen, and several processes on one file. */
describe('SqliteEventStore (sqlite specifics)', () => {
  let dir: string;
  const open: SqliteEventStore[] = [];
  const openStore = (file: string, options: Partial<ConstructorParameters<typeof SqliteEventStore>[0]> = {}) => {
    const store = new SqliteEventStore({ path: file, pollIntervalMs: 30, ...options });
    open.push(store);
    return store;
  };

  /**
   * Runs `body` while a foreign writer that bypasses the write lock is at work: just before a store inserts an event
   * of `stream` into `file`, a row takes its (stream, revision). The trigger that does it goes again afterwards.
   */
  const whileAnotherWriterSlipsIn = async (file: string, stream: string, body: () => Promise<void>) => {
    const raw = new Database(file);
    try {
      raw.exec(`CREATE TRIGGER slip BEFORE INSERT ON events WHEN NEW.stream = '${stream}' AND NEW.type <> 'Foreign'
        BEGIN INSERT INTO events (stream, revision, type, data, metadata, recorded_at)
          VALUES (NEW.stream, NEW.revision, 'Foreign', '{}', '{}', 'now'); END`);
      await body();
    } finally {
      raw.exec('DROP TRIGGER IF EXISTS slip');
      raw.close();
    }
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-sqlite-'));
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates the directory and the file on first start, in WAL mode', () => {
    const file = path.join(dir, 'nested', 'deeper', 'sanctum.db');
    expect(fs.existsSync(path.dirname(file))).toBe(false);
    openStore(file);
    expect(fs.existsSync(file)).toBe(true);
    const raw = new Database(file, { readonly: true });
    try {
      expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
      const tables = raw.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as {
        name: string;
      }[];
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['events', 'stream_snapshots']));
    } finally {
      raw.close();
    }
  });

  it('keeps events, positions and snapshots across close and reopen', async () => {
    const file = path.join(dir, 'durable.db');
    const first = openStore(file);
    const appended = await first.append('game-1', batch(3), 'no-stream');
    await first.saveSnapshot('game-1', 2, 'v1', '{"s":1}');
    const before = await first.readAll();
    await first.close();

    const second = openStore(file);
    expect(await second.readAll()).toEqual(before);
    expect(await second.loadSnapshot('game-1', 'v1')).toEqual({ revision: 2, state: '{"s":1}' });
    const next = await second.append('game-2', batch(1), 'no-stream');
    expect(next.positions[0]).toBeGreaterThan(appended.positions[2]);
    await expect(second.append('game-1', batch(1), 1)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });

  it('a second instance on the same file (another process) sees appends through its polling subscription', async () => {
    const file = path.join(dir, 'shared.db');
    const writer = openStore(file);
    const reader = openStore(file);
    await writer.append('game-1', batch(2), 'no-stream');
    const byStream = collect(reader.subscribe({ stream: 'game-1' }));
    const byAll = collect(reader.subscribe({ filter: { streamPrefix: 'game-' } }));
    try {
      await waitFor(() => byStream.events.length === 2 && byAll.events.length === 2, 'catch-up');
      await writer.append('game-1', batch(3, 2), 1); // no in-process notification reaches `reader`
      await writer.append('game-2', batch(1), 'no-stream');
      await waitFor(() => byStream.events.length === 5 && byAll.events.length === 6, 'polled live events', 3000);
      await sleep(100);
      expect(byStream.events.map((e) => e.revision)).toEqual(range(0, 4));
      expect(byAll.events.map((e) => `${e.stream}@${e.revision}`)).toEqual([
        ...range(0, 4).map((r) => `game-1@${r}`),
        'game-2@0',
      ]);
    } finally {
      byStream.subscription.unsubscribe();
      byAll.subscription.unsubscribe();
    }
  });

  it('two instances on one file get revision conflicts right (exactly one concurrent winner)', async () => {
    const file = path.join(dir, 'race.db');
    const a = openStore(file);
    const b = openStore(file);
    await a.append('game-1', batch(1), 'no-stream');
    await expect(b.append('game-1', batch(1), 'no-stream')).rejects.toMatchObject({ actual: 0 });
    const results = await Promise.allSettled(
      range(1, 10).map((w) => (w % 2 ? a : b).append('game-1', batch(5, 0, 'Counted', `w${w}`), 0)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect(await b.streamRevision('game-1')).toBe(5);
    expect(await a.readStream('game-1')).toHaveLength(6);
  });

  it('reports a write lock held too long by another process as unavailable, and recovers', async () => {
    const file = path.join(dir, 'locked.db');
    const store = openStore(file, { busyTimeoutMs: 50 });
    const other = new Database(file);
    try {
      other.exec('BEGIN IMMEDIATE');
      const error = await store.append('game-1', batch(1), 'no-stream').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EventStoreUnavailableError);
      expect((error as Error).message).toMatch(/^event store unavailable: sqlite SQLITE_BUSY/);
      other.exec('ROLLBACK');
      await expect(store.append('game-1', batch(1), 'no-stream')).resolves.toMatchObject({ lastRevision: 0 });
    } finally {
      other.close();
    }
  });

  it("waits for another connection's write lock off the event loop, then commits each waiting append once", async () => {
    const file = path.join(dir, 'held.db');
    const store = openStore(file, { busyTimeoutMs: 5_000 });
    const other = new Database(file);
    const delay = monitorEventLoopDelay({ resolution: 1 });
    const heldMs = 600;
    try {
      other.exec('BEGIN IMMEDIATE');
      delay.enable();
      let lockReleased = false;
      const released = sleep(heldMs).then(() => {
        other.exec('ROLLBACK');
        lockReleased = true;
      });
      const first = store.append('game-1', batch(1), 'no-stream');
      await sleep(100);
      const second = store.append('game-2', batch(2), 'no-stream');
      // Reads go on while the appends wait: answered before the lock is released.
      await expect(store.streamRevision('game-1')).resolves.toBeNull();
      expect(lockReleased).toBe(false);
      await released;
      await expect(first).resolves.toMatchObject({ lastRevision: 0 });
      await expect(second).resolves.toMatchObject({ lastRevision: 1 });
      delay.disable();
      // A wait on the event loop would stall it for most of the hold; a busy machine's scheduling adds tens of ms.
      expect(delay.max / 1e6).toBeLessThan(heldMs / 2);
      expect((await store.readAll()).map((e) => e.stream)).toEqual(['game-1', 'game-2', 'game-2']);
    } finally {
      other.close();
    }
  });

  it('is ready while its files are the ones it opened; a deleted WAL makes it unready and refuses appends', async () => {
    const file = path.join(dir, 'wal-deleted.db');
    const store = openStore(file);
    await expect(store.checkReady()).resolves.toBeUndefined();
    await store.append('game-1', batch(2), 'no-stream');
    fs.rmSync(`${file}-wal`);
    await expect(store.checkReady()).rejects.toThrow(/the WAL file .*wal-deleted\.db-wal was deleted while open/);
    await expect(store.append('game-1', batch(1), 1)).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await store.close();
    // What it acknowledged before is in the database file, which a restart reads; the refused append is not.
    const reopened = openStore(file);
    expect(await reopened.streamRevision('game-1')).toBe(1);
    await expect(reopened.checkReady()).resolves.toBeUndefined();
  });

  it('is unready when its disk is all but full (simulated: the free space it reads is a few pages)', async () => {
    const file = path.join(dir, 'full.db');
    const store = openStore(file);
    let free = 10 * 4096;
    // The store's check of its files, as it builds it, but reading this free space instead of the disk's.
    Object.assign(store, { durability: new SqliteDurabilityCheck(path.resolve(file), () => free) });
    await expect(store.checkReady()).rejects.toThrow(/the disk of .*full\.db is full: 40960 bytes free/);
    free = MIN_FREE_BYTES;
    await expect(store.checkReady()).resolves.toBeUndefined();
  });

  it('refuses an append the disk cannot hold as unavailable, writing nothing (SQLITE_FULL, made by max_page_count)', async () => {
    const store = openStore(path.join(dir, 'no-room.db'));
    await store.append('game-1', batch(1), 'no-stream');
    const { db } = store as unknown as { db: Database.Database };
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    const big = [{ type: 'Big', data: { text: 'x'.repeat(64 * 1024) }, metadata: {} }];
    const error = await store.append('game-1', big, 0).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EventStoreUnavailableError);
    expect((error as Error).message).toMatch(/SQLITE_FULL/);
    expect(await store.streamRevision('game-1')).toBe(0);
  });

  it('recognises a unique (stream, revision) violation, the other-writer race, as a conflict', () => {
    const file = path.join(dir, 'unique.db');
    openStore(file);
    const raw = new Database(file);
    try {
      const insert = raw.prepare(
        `INSERT INTO events (stream, revision, type, data, metadata, recorded_at) VALUES ('s', 0, 'T', '{}', '{}', 'now')`,
      );
      insert.run();
      let error: unknown;
      try {
        insert.run();
      } catch (e) {
        error = e;
      }
      expect(isUniqueViolation(error)).toBe(true);
      expect(mapSqliteError(error)).toBe(error); // not "unavailable": the adapter turns it into a conflict
    } finally {
      raw.close();
    }
  });

  it('maps a unique violation inside the append (a row slipped in by another writer) to a conflict, writing nothing', async () => {
    const file = path.join(dir, 'slipped.db');
    const store = openStore(file);
    await store.append('game-0', batch(1), 'no-stream');
    await whileAnotherWriterSlipsIn(file, 'game-1', async () => {
      const error = await store.append('game-1', batch(2), 'no-stream').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ stream: 'game-1', expected: 'no-stream' });
      expect(await store.readStream('game-1')).toEqual([]); // the whole transaction rolled back
    });
    await expect(store.append('game-1', batch(2), 'no-stream')).resolves.toMatchObject({ lastRevision: 1 });
  });

  it('commits the appends of one event-loop turn together, each with its own outcome, in call order', async () => {
    const file = path.join(dir, 'group.db');
    const store = openStore(file);
    await store.append('game-a', batch(1), 'no-stream');
    await whileAnotherWriterSlipsIn(file, 'game-c', async () => {
      const outcomes = await Promise.allSettled([
        store.append('game-a', batch(2, 1), 0),
        store.append('game-b', batch(1), 'no-stream'),
        store.append('game-a', batch(1, 9), 0), // the first append of the group has moved game-a on
        store.append('game-c', batch(1), 'no-stream'), // another writer slips in: a conflict, rolled back alone
        store.append('game-a', batch(1, 3), 2), // sees the first append of its own group
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled']);
      for (const i of [2, 3]) {
        expect((outcomes[i] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      }
      expect((await store.readStream('game-a')).map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3]);
      expect(await store.readStream('game-c')).toEqual([]);
      const positions = (await store.readAll()).map((e) => `${e.stream}@${e.revision}`);
      expect(positions).toEqual(['game-a@0', 'game-a@1', 'game-a@2', 'game-b@0', 'game-a@3']);
    });
  });

  it('commits what a settled append sets off in the same turn of the event loop, not a turn later', async () => {
    const store = openStore(path.join(dir, 'cascade.db'));
    let nextTurn = false;
    const followUp = store.append('game-1', batch(1), 'no-stream').then(() => {
      setImmediate(() => (nextTurn = true));
      return store.append('game-1', batch(1, 1), 0);
    });
    await expect(followUp).resolves.toMatchObject({ lastRevision: 1 });
    expect(nextTurn).toBe(false);
  });

  it('commits appends still waiting for their group when the store closes', async () => {
    const file = path.join(dir, 'closing.db');
    const store = openStore(file);
    const appended = store.append('game-1', batch(2), 'no-stream');
    await store.close();
    await expect(appended).resolves.toMatchObject({ lastRevision: 1 });
    const reopened = openStore(file);
    expect(await reopened.readStream('game-1')).toHaveLength(2);
  });

  it('checkpoints the WAL from a worker thread, and removes it on close as before', async () => {
    const file = path.join(dir, 'checkpointed.db');
    const store = openStore(file);
    const empty = fs.statSync(file).size;
    // Far below any automatic checkpoint of the store's own connection: only the worker copies these pages.
    await store.append('game-1', batch(200), 'no-stream');
    await waitFor(() => fs.statSync(file).size > empty, 'pages copied into the database file', 5000);
    await store.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reopened = openStore(file, { backgroundCheckpoints: false });
    expect(await reopened.readStream('game-1')).toHaveLength(200);
  });

  it('finds a command by its id through an index, made on opening a file an older build wrote, damaged rows included', async () => {
    const file = path.join(dir, 'older.db');
    const older = new Database(file);
    // The table as an older build left it (no index on command ids), with a row whose metadata is not JSON.
    older.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, stream TEXT NOT NULL,
      revision INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL,
      recorded_at TEXT NOT NULL, UNIQUE (stream, revision))`);
    const insert = older.prepare(
      `INSERT INTO events (stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, 'Done', '{}', ?, 'now')`,
    );
    insert.run('game-a', 0, JSON.stringify({ commandId: 'k1' }));
    insert.run('game-a', 1, '{"commandId": "k2", damaged');
    older.close();

    const store = openStore(file);
    await store.append('game-a', [{ type: 'Done', data: {}, metadata: { commandId: 'k3' } }], 1);
    expect((await store.readCommand('game-a', 'k1')).map((event) => event.revision)).toEqual([0]);
    expect((await store.readCommand('game-a', 'k3')).map((event) => event.revision)).toEqual([2]);
    expect(await store.readCommand('game-a', 'k2')).toEqual([]);

    const raw = new Database(file, { readonly: true });
    try {
      const plan = raw.prepare(`EXPLAIN QUERY PLAN ${COMMAND_EVENTS('*')}`).all('game-a', 'k1') as { detail: string }[];
      expect(plan.map((step) => step.detail).join('; ')).toMatch(/USING INDEX events_by_command/);
    } finally {
      raw.close();
    }
  });

  it('reads a 20,000-event stream page by page', async () => {
    const store = openStore(path.join(dir, 'big.db'));
    let expected: number | 'no-stream' = 'no-stream';
    for (let offset = 0; offset < 20000; offset += 2000) {
      expected = (await store.append('game-big', batch(2000, offset), expected)).nextExpectedRevision as number;
    }
    let count = 0;
    let pages = 0;
    for await (const page of store.readStreamPages('game-big', { pageSize: 5000 })) {
      pages++;
      count += page.length;
    }
    expect({ count, pages }).toEqual({ count: 20000, pages: 4 });
  });
});
