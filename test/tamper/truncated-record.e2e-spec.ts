import * as path from 'node:path';
import Database from 'better-sqlite3';
import { gameStream } from '@app/games';
import type { Scenario } from '@app/rules';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from '../api/support/api-test-app';
import { type PlayerTokens, playScenario, readScenario } from '../api/support/scenario.http-player';
import { REPO_ROOT } from '../support/repo-root';

/** Turn 1 of the example, then blue resigns in turn 2: the game's last event is its GameEnded. */
function resigningScenario(): Scenario {
  const example = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));
  return { ...example, turns: [example.turns[0]!, { orders: {}, resign: 'blue' }] };
}

/**
 * Issue #23: a record cut short behind the service's back — the last row deleted, which no chain link can show — and
 * the command that recorded it retried. The retry finds the command's first event (PlayerResigned) but not the
 * GameEnded it always records: it must say so, not answer a bare "internal server error".
 */
describe('a retried command whose record was cut short (e2e, SQLite)', () => {
  const dir = makeTempDir();
  const file = path.join(dir, 'sanctum.db');
  let api: ApiTestApp;
  let players: PlayerTokens;
  const resign = () =>
    api.as(players.blue).post('/games/cut/resign').set('Idempotency-Key', 'blue-resigns').send({ player: 'blue' });

  beforeAll(async () => {
    api = await startApi(file);
    const scenario = resigningScenario();
    players = await playScenario(api, { ...scenario, turns: [scenario.turns[0]!] }, 'cut');
    await resign().expect(200);
    await api.close();
    const db = new Database(file);
    const stream = gameStream('cut');
    const last = db.prepare('SELECT max(revision) AS revision FROM events WHERE stream = ?').get(stream) as {
      revision: number;
    };
    const deleted = db.prepare("DELETE FROM events WHERE stream = ? AND revision = ? AND type = 'GameEnded'");
    expect(deleted.run(stream, last.revision).changes).toBe(1);
    db.close();
    api = await startApi(file);
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  it('answers 500 saying the command is recorded and which event its record lacks, and records nothing', async () => {
    const before = (await api.organiser.get('/games/cut/events').expect(200)).body.events.length as number;
    const answer = await resign();
    expect(answer.status).toBe(500);
    expect(answer.body.message).toContain('the events of Resign');
    expect(answer.body.message).toContain('hold no GameEnded');
    expect(answer.body.message).toContain('the command is recorded');
    expect(answer.body.message).toContain('GET /games/cut/audit');
    const after = (await api.organiser.get('/games/cut/events').expect(200)).body.events.length as number;
    expect(after).toBe(before);
  });
});
