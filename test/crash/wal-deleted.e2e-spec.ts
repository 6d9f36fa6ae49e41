/**
 * Issue #13, item 8: health tells the truth. The API runs as its own process while games are created through it;
 * in the middle, the SQLite file's WAL is deleted (an operator's mistake). From then on readiness is down, naming
 * the WAL, liveness stays up, and every command answers 503 instead of being acknowledged into a file no restart
 * reads; after a SIGKILL and a restart on the same file, every acknowledged game is there and no refused one.
 * Before, the service went on acknowledging and `/health` said "up"; 8–20 of 80 acknowledged commands were lost.
 */
import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Scenario } from '@app/rules';
import { REPO_ROOT } from '../support/repo-root';
import { ApiProcess } from './support/api.child-process';

const ORGANISER_TOKEN = 'wal-organiser-token-0123456789';
const SERVER_SECRET = 'wal-server-secret-0123456789abcdef';
const CREATIONS = 80;
const DELETE_WAL_AFTER = 30;
const CLIENTS = 4;

describe('the WAL deleted under a running service (e2e, API child process, SQLite)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-wal-'));
  const sqlitePath = path.join(dir, 'wal.db');
  const { turns: _turns, ...setup } = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'), 'utf8'),
  ) as Scenario;
  const apis: ApiProcess[] = [];

  const start = async () => {
    const api = ApiProcess.start({ sqlitePath, organiserToken: ORGANISER_TOKEN, serverSecret: SERVER_SECRET });
    apis.push(api);
    return { api, port: await api.ready() };
  };

  const call = async (port: number, route: string, body?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${port}${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${ORGANISER_TOKEN}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' shapes are checked by the test
    const answer = (await response.json()) as any;
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: answer };
  };

  afterAll(async () => {
    for (const api of apis) await api.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('goes unready and refuses commands with 503; nothing acknowledged is lost after SIGKILL and restart', async () => {
    const { api, port } = await start();
    const answers = new Map<string, number>();
    let next = 0;
    let walDeleted = false;
    const client = async () => {
      while (next < CREATIONS) {
        const gameId = `wal-${(next += 1)}`;
        const { status, retryAfter } = await call(port, '/games', { ...setup, gameId });
        answers.set(gameId, status);
        if (status === 503) expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
        if (!walDeleted && [...answers.values()].filter((s) => s === 201).length >= DELETE_WAL_AFTER) {
          walDeleted = true;
          fs.rmSync(`${sqlitePath}-wal`);
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    expect(walDeleted).toBe(true);

    const ready = await call(port, '/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.error.store).toMatchObject({
      status: 'down',
      message: expect.stringMatching(
        /the WAL file .*wal\.db-wal was (deleted|replaced) while open: commits would be lost/,
      ),
    });
    expect((await call(port, '/health')).status).toBe(503);
    expect((await call(port, '/health/live')).status).toBe(200);
    expect((await call(port, '/games', { ...setup, gameId: 'after-the-check' })).status).toBe(503);

    const statuses = [...answers.values()];
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(DELETE_WAL_AFTER);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(
      CREATIONS - DELETE_WAL_AFTER - CLIENTS * 2,
    );

    await api.kill('SIGKILL');
    const { port: again } = await start();
    expect((await call(again, '/health/ready')).status).toBe(200);
    const stored = new Set(((await call(again, '/games')).body.games as { gameId: string }[]).map((g) => g.gameId));
    const acknowledged = [...answers].filter(([, status]) => status === 201).map(([gameId]) => gameId);
    const refused = [...answers].filter(([, status]) => status === 503).map(([gameId]) => gameId);
    expect(acknowledged.filter((gameId) => !stored.has(gameId))).toEqual([]);
    expect(refused.filter((gameId) => stored.has(gameId))).toEqual([]);
    // Every acknowledged game reads whole, and the file is sound.
    for (const gameId of acknowledged) {
      const { status, body } = await call(again, `/games/${gameId}/events`);
      expect([gameId, status, body.events[0].type]).toEqual([gameId, 200, 'GameCreated']);
    }
    const raw = new Database(sqlitePath, { readonly: true });
    try {
      expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      raw.close();
    }
  });
});
