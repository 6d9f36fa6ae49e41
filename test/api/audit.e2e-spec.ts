import Database from 'better-sqlite3';
import * as path from 'node:path';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { playScenario, readEvents, readScenario } from './support/scenario.http-player';

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');

/** GET /games/:id/audit and GET /games/:id/events/:revision/why over HTTP, on a real SQLite file. */
describe('audit and causation (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'));
    await playScenario(api, readScenario(EXAMPLE), 'demo');
    await playScenario(api, readScenario(EXAMPLE), 'edited');
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  it('T1, T2: an untouched game played over HTTP (collections by the scheduler) audits clean', async () => {
    const events = await readEvents(api, 'demo');
    const response = await api.organiser.get('/games/demo/audit').expect(200);
    expect(response.body).toMatchObject({
      gameId: 'demo',
      revision: events.length - 1,
      events: events.length,
      chain: { intact: true, firstBrokenRevision: null, lastHash: events[events.length - 1].metadata.hash },
      resimulation: { identical: true, firstDivergence: null },
    });
  });

  it('D4: one byte edited in the SQLite file → 200 with that revision as the first broken one and the first divergence', async () => {
    const revision = (await readEvents(api, 'edited')).findIndex((event) => event.type === 'DamageApplied');
    const db = new Database(api.dbPath);
    try {
      const { changes } = db
        .prepare(
          `UPDATE events SET data = replace(data, '"hpAfter":0', '"hpAfter":1') WHERE stream = ? AND revision = ?`,
        )
        .run('game-edited', revision);
      expect(changes).toBe(1);
    } finally {
      db.close();
    }
    const response = await api.organiser.get('/games/edited/audit').expect(200);
    expect(response.body.chain).toMatchObject({
      intact: false,
      firstBrokenRevision: revision,
      reason: 'hash mismatch',
    });
    expect(response.body.resimulation).toMatchObject({
      identical: false,
      firstDivergence: {
        revision,
        expected: { revision, type: 'DamageApplied', data: { hpAfter: 0 } },
        found: { revision, type: 'DamageApplied', data: { hpAfter: 1 } },
      },
    });
  });

  it('answers 404 for an unknown game and 400 for a malformed id', async () => {
    await api.organiser.get('/games/nowhere/audit').expect(404);
    await api.organiser.get('/games/no.such/audit').expect(400);
  });

  it('E2, S3: why did b-archer die? back through the damage run and bolt’s execution to blue’s confirmation and red’s order', async () => {
    const events = await readEvents(api, 'demo');
    const died = events.findIndex((event) => event.type === 'MinionDied');
    const targeted = events.findIndex((event) => event.type === 'SpellTargeted');
    const response = await api.organiser.get(`/games/demo/events/${died}/why`).expect(200);
    const body = response.body as {
      chain: { revision: number; type: string; order?: { revision: number; commandId: string } }[];
    };
    expect(response.body).toMatchObject({
      gameId: 'demo',
      revision: died,
      command: { commandId: 'turn-1/blue/confirm', correlationId: 'turn-1/blue/confirm', type: 'ConfirmOrders' },
    });
    expect(body.chain.map((link) => link.type)).toEqual([
      'MinionDied',
      'MinionDying',
      'DeathStarted',
      'DamageResolved',
      'DamageApplied',
      'DamageIncoming',
      'SpellExecuting',
      'SpellExecutionPhaseStarted',
      'OrdersConfirmed',
    ]);
    expect(body.chain.find((link) => link.type === 'SpellExecuting')?.order).toMatchObject({
      revision: targeted,
      type: 'SpellTargeted',
      // An order's id names the revision of the event that records it.
      data: { orderId: `order.${targeted}`, player: 'red', spell: 'bolt' },
      commandId: 'turn-1/red/0',
    });
  });

  it('why: 404 for a revision the game has not reached, 400 for one that is not a number', async () => {
    const events = await readEvents(api, 'demo');
    const missing = await api.organiser.get(`/games/demo/events/${events.length}/why`).expect(404);
    expect(missing.body.message).toContain(`there is no event ${events.length}`);
    await api.organiser.get('/games/nowhere/events/0/why').expect(404);
    const bad = await api.organiser.get('/games/demo/events/last/why').expect(400);
    expect(bad.body.message).toEqual(['revision must be a whole number, not "last"']);
  });
});
