/**
 * Issue #13, item 6: the event loop never waits on a lock. Another connection (another process, an operator's
 * shell) holds the SQLite write lock for 3 s; meanwhile `/health` and reads answer at once, and a command waits
 * off the event loop: it is recorded once the lock is released, or, held past SQLITE_LOCK_WAIT_MS, answered 503
 * having recorded nothing, and its retry is recorded once. Before, the append waited inside SQLite for up to its
 * 5 s busy timeout and every request of the process waited with it.
 */
import Database from 'better-sqlite3';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/repo-root';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { longestStall } from './support/event-loop-stall';
import {
  type PlayerTokens,
  countOf,
  createGame,
  readEvents,
  readScenario,
  setupBody,
} from './support/scenario.http-player';

const scenario = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));
const LOCK_HELD_MS = 3_000;
/**
 * The longest the event loop may be held meanwhile (time waiting for a CPU aside). An append that waited for the lock
 * on the loop would hold it the lock's whole 3 s; the bound is well under that, and over what the measure also counts
 * on a busy machine: time the main thread waits, not running, for other threads of its process (such as the garbage
 * collector's helpers) that are themselves waiting for a CPU.
 */
const MAX_STALL_MS = LOCK_HELD_MS / 6;
const ORDER = { player: 'red', cast: 'bolt', target: { minion: 'b-archer' } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('another connection holding the write lock stalls nothing (e2e, SQLite)', () => {
  const dir = makeTempDir();
  const apps: ApiTestApp[] = [];

  afterAll(async () => {
    await Promise.all(apps.map((api) => api.close()));
    removeTempDir(dir);
  });

  async function start(
    name: string,
    lockWaitMs: number,
  ): Promise<{ api: ApiTestApp; tokens: PlayerTokens; db: string }> {
    const db = path.join(dir, `${name}.db`);
    const api = await startApi(db, {
      gcScheduler: false,
      store: { kind: 'sqlite', sqlitePath: db, pollIntervalMs: 50, sqliteLockWaitMs: lockWaitMs },
    });
    apps.push(api);
    const { playerTokens } = await createGame(api, setupBody(scenario, name));
    return { api, tokens: playerTokens, db };
  }

  /** Holds the write lock of `db` from another connection for LOCK_HELD_MS, as another process would. */
  function holdWriteLock(db: string): Promise<void> {
    const other = new Database(db);
    other.exec('BEGIN IMMEDIATE');
    return sleep(LOCK_HELD_MS).then(() => {
      other.exec('ROLLBACK');
      other.close();
    });
  }

  /**
   * `/health` and the game's state, asked one after another until `until` settles: how many of each were answered
   * before it did. A read that waited for the lock is answered only once the lock is released. How long a read takes
   * otherwise is the client's work too, on a CPU shared with the whole suite, so no bound on it tells the two apart
   * on a busy machine; the event loop's own bound is MAX_STALL_MS.
   */
  async function readsAnsweredWhile(api: ApiTestApp, gameId: string, until: Promise<unknown>) {
    let done = false;
    void until.finally(() => (done = true));
    const answered = { health: 0, state: 0 };
    const routes = [
      ['health', '/health'],
      ['state', `/games/${gameId}/state`],
    ] as const;
    while (!done) {
      for (const [read, route] of routes) {
        const response = await api.organiser.get(route);
        expect(response.status).toBe(200);
        if (!done) answered[read] += 1;
      }
      await sleep(20);
    }
    return answered;
  }

  it('a command waits for the lock off the event loop and is recorded once it is released', async () => {
    const { api, tokens, db } = await start('waits', 5_000);
    const released = holdWriteLock(db);
    await sleep(50);
    const started = performance.now();
    const order = api
      .as(tokens.red)
      .post('/games/waits/orders')
      .set('Idempotency-Key', 'order-under-lock')
      .send(ORDER)
      .then((response) => ({ response, ms: performance.now() - started }));
    const reads = readsAnsweredWhile(api, 'waits', released);
    // Measured while the lock is held, the command waiting for it: its commit once the lock is free (an fsync, as
    // long as the disk takes) is not what this test is about.
    const { stallMs } = await longestStall(() => released);
    const result = { order: await order, answeredWhileHeld: await reads };
    expect(result.order.response.status).toBe(201);
    expect(result.order.ms).toBeGreaterThan(LOCK_HELD_MS - 200); // it did wait for the lock
    expect(result.answeredWhileHeld.health).toBeGreaterThan(0);
    expect(result.answeredWhileHeld.state).toBeGreaterThan(0);
    expect(stallMs).toBeLessThan(MAX_STALL_MS);
    const events = await readEvents(api, 'waits');
    expect(events.filter((event) => event.metadata.commandId === 'order-under-lock').map((e) => e.type)).toEqual([
      'SpellTargeted',
    ]);
  });

  it('a command that waits past SQLITE_LOCK_WAIT_MS answers 503, records nothing, and its retry is recorded once', async () => {
    const { api, tokens, db } = await start('gives-up', 1_000);
    const released = holdWriteLock(db);
    await sleep(50);
    const order = () =>
      api.as(tokens.red).post('/games/gives-up/orders').set('Idempotency-Key', 'order-retried').send(ORDER);
    const [refused, answeredWhileHeld] = await Promise.all([order(), readsAnsweredWhile(api, 'gives-up', released)]);
    expect(refused.status).toBe(503);
    // The store cannot always know (a lost connection mid-commit): the answer says retry with the key; here nothing was.
    expect(refused.body.message).toMatch(/try again later \(with the same Idempotency-Key/);
    expect(answeredWhileHeld.health).toBeGreaterThan(0);
    expect(answeredWhileHeld.state).toBeGreaterThan(0);
    expect(countOf(await readEvents(api, 'gives-up'), 'SpellTargeted')).toBe(0);

    expect((await order()).status).toBe(201);
    expect((await order()).status).toBe(201); // the same key again: answered from the first, nothing new
    const events = await readEvents(api, 'gives-up');
    expect(events.filter((event) => event.metadata.commandId === 'order-retried')).toHaveLength(1);
  });
});
