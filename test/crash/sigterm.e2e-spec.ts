/**
 * Issue #13, item 7: shutdown as documented. The API runs as its own process; 40 game creations are sent around
 * its SIGTERM, half in the moments before it and half during the grace after it (with reads among them). Every
 * one gets an answer — its normal one, in which case the game was recorded, or 503 with Retry-After, in which
 * case nothing was — and none a reset or a refused connection; the process then exits at the end of the grace.
 * Before, 35 of 40 such requests got connection resets.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Scenario } from '@app/rules';
import { REPO_ROOT } from '../support/repo-root';
import { ApiProcess } from './support/api.child-process';

const ORGANISER_TOKEN = 'sigterm-organiser-token-0123456789';
const SERVER_SECRET = 'sigterm-server-secret-0123456789abcdef';
const GRACE_MS = 3_000;
const REQUESTS = 40;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  gameId: string;
  kind: 'create' | 'read';
  status: number | null;
  retryAfter: string | null;
  error?: string;
}

describe('SIGTERM: every request around it is answered, none is reset (e2e, API child process, SQLite)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-sigterm-'));
  const sqlitePath = path.join(dir, 'sigterm.db');
  const { turns: _turns, ...setup } = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'), 'utf8'),
  ) as Scenario;
  const apis: ApiProcess[] = [];

  const start = async () => {
    const api = ApiProcess.start({
      sqlitePath,
      organiserToken: ORGANISER_TOKEN,
      serverSecret: SERVER_SECRET,
      env: { SHUTDOWN_GRACE_MS: String(GRACE_MS) },
    });
    apis.push(api);
    return { api, port: await api.ready() };
  };

  afterAll(async () => {
    for (const api of apis) await api.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers each normally (and records it) or with 503 and Retry-After, then exits at the end of the grace', async () => {
    const { api, port } = await start();
    let signalledAt = Number.POSITIVE_INFINITY;
    const send = async (i: number): Promise<Outcome> => {
      const gameId = `sigterm-${i}`;
      const kind = i % 4 === 3 ? 'read' : 'create';
      try {
        const response = await fetch(`http://127.0.0.1:${port}/games`, {
          method: kind === 'read' ? 'GET' : 'POST',
          headers: {
            Authorization: `Bearer ${ORGANISER_TOKEN}`,
            'Content-Type': 'application/json',
            'Idempotency-Key': `create/${gameId}`,
          },
          body: kind === 'read' ? undefined : JSON.stringify({ ...setup, gameId }),
          signal: AbortSignal.timeout(GRACE_MS * 2),
        });
        await response.text();
        return {
          gameId,
          kind,
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
        };
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
        return { gameId, kind, status: null, retryAfter: null, error: cause };
      }
    };

    // Half in the 200 ms before the signal, half in the second after it (well inside the grace).
    const sent: Promise<Outcome>[] = [];
    for (let i = 0; i < REQUESTS / 2; i += 1) {
      sent.push(send(i));
      await sleep(10);
    }
    const exited = api.kill('SIGTERM');
    signalledAt = performance.now();
    for (let i = REQUESTS / 2; i < REQUESTS; i += 1) {
      sent.push(send(i));
      await sleep(50);
    }
    const outcomes = await Promise.all(sent);
    // Still in the grace: not ready (shutting down), but alive.
    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
    expect([ready.status, ((await ready.json()) as { error?: object }).error]).toEqual([
      503,
      { shutdown: { status: 'down', message: 'shutting down' } },
    ]);
    expect((await fetch(`http://127.0.0.1:${port}/health/live`)).status).toBe(200);
    const exit = await exited;
    const exitedAfterMs = performance.now() - signalledAt;

    const unanswered = outcomes.filter((outcome) => outcome.status === null);
    expect(unanswered).toEqual([]);
    for (const outcome of outcomes) {
      const normal = outcome.kind === 'create' ? 201 : 200;
      expect([normal, 503]).toContain(outcome.status);
      if (outcome.status === 503) expect(Number(outcome.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    // Some were refused: those the service took up after it had handled the signal.
    expect(outcomes.filter((o) => o.kind === 'create' && o.status === 503).length).toBeGreaterThan(0);
    expect(exit.code ?? exit.signal).not.toBeNull();
    expect(exitedAfterMs).toBeGreaterThan(GRACE_MS - 200);

    // Restarted on the same file: every acknowledged creation is there, none of the refused ones.
    const { port: again } = await start();
    const { games } = (await (
      await fetch(`http://127.0.0.1:${again}/games`, { headers: { Authorization: `Bearer ${ORGANISER_TOKEN}` } })
    ).json()) as { games: { gameId: string }[] };
    const stored = new Set(games.map((game) => game.gameId));
    const creations = outcomes.filter((outcome) => outcome.kind === 'create');
    expect(creations.filter((o) => o.status === 201).every((o) => stored.has(o.gameId))).toBe(true);
    expect(creations.filter((o) => o.status === 503).some((o) => stored.has(o.gameId))).toBe(false);
    expect(creations.some((o) => o.status === 201)).toBe(true);
  });
});
