import * as path from 'node:path';
import Database from 'better-sqlite3';
import { gameStream } from '@app/games';
import { REPO_ROOT } from '../support/repo-root';
import { runSanctum } from '../support/run-cli';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { createGame, readScenario, setupBody } from './support/scenario.http-player';

const scenario = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));

/** Both players confirm turn 1 of a game: its GarbageCollectionScheduled is recorded. */
async function confirmTurn(api: ApiTestApp, gameId: string, tokens: Record<'red' | 'blue', string>): Promise<void> {
  await api.as(tokens.red).post(`/games/${gameId}/confirm`).send({ player: 'red' }).expect(200);
  await api.as(tokens.blue).post(`/games/${gameId}/confirm`).send({ player: 'blue' }).expect(200);
}

describe('one damaged stored event takes down nothing else (e2e, SQLite)', () => {
  const dir = makeTempDir();
  const file = path.join(dir, 'sanctum.db');
  let api: ApiTestApp;
  let damagedRevision: number;
  let soundTokens: Record<'red' | 'blue', string>;

  beforeAll(async () => {
    // Both games reach their turn's scheduled collection while no scheduler runs, then one row is damaged.
    const first = await startApi(file, { gcScheduler: false });
    const damaged = await createGame(first, setupBody(scenario, 'damaged'));
    await confirmTurn(first, 'damaged', damaged.playerTokens);
    const sound = await createGame(first, setupBody(scenario, 'sound'));
    soundTokens = sound.playerTokens;
    await confirmTurn(first, 'sound', soundTokens);
    await first.close();
    const raw = new Database(file);
    damagedRevision = (
      raw
        .prepare("SELECT revision FROM events WHERE stream = ? AND type = 'GarbageCollectionScheduled'")
        .get(gameStream('damaged')) as { revision: number }
    ).revision;
    raw
      .prepare('UPDATE events SET data = \'{"turn": 1,\' WHERE stream = ? AND revision = ?')
      .run(gameStream('damaged'), damagedRevision);
    raw.close();
    api = await startApi(file);
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  it('the service starts, collects the other game and lets it play on', async () => {
    for (let i = 0; i < 200; i += 1) {
      const state = await api.organiser.get('/games/sound/state').expect(200);
      if (state.body.state.turn === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await api.organiser.get('/games/sound/state').expect(200)).body.state.turn).toBe(2);
    await confirmTurn(api, 'sound', soundTokens);
  });

  it('GET /games lists every game, the damaged one with the revision that cannot be read', async () => {
    const { games } = (await api.as().get('/games').expect(200)).body as { games: Record<string, unknown>[] };
    expect(games.find((game) => game.gameId === 'damaged')).toMatchObject({ damagedRevision });
    const sound = games.find((game) => game.gameId === 'sound');
    expect(sound).toMatchObject({ turn: expect.any(Number), phase: expect.any(String) });
    expect(sound).not.toHaveProperty('damagedRevision');
  });

  it('the damaged game answers a clear error naming the revision; its audit names it as the chain break', async () => {
    const events = await api.organiser.get('/games/damaged/events').expect(500);
    expect(events.body.message).toContain(`stored event ${damagedRevision} is damaged`);
    const audit = await api.organiser.get('/games/damaged/audit').expect(200);
    expect(audit.body.chain).toMatchObject({
      intact: false,
      firstBrokenRevision: damagedRevision,
      reason: 'damaged event',
    });
    expect(audit.body.resimulation).toMatchObject({ identical: false, firstDivergence: { revision: damagedRevision } });
  });

  it('sanctum verify exits 3 naming the revision', async () => {
    const run = await runSanctum(['verify', 'damaged'], { env: { SQLITE_PATH: file } });
    expect(run.exitCode).toBe(3);
    expect(run.stdout + run.stderr).toContain(`revision ${damagedRevision}`);
  });
});
