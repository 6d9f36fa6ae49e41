import * as path from 'node:path';
import { StoreForger, commandsOf, rederive } from '../support/store-forger';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { createGame, readScenario, setupBody } from './support/scenario.http-player';

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');

/**
 * A game recorded before chain secrets (its genesis unkeyed) stays playable and verifiable, but its hashes would let
 * whoever holds one test guesses about hidden orders: nobody but the organiser gets a receipt, a head or a log entry.
 */
describe('a game recorded before chain secrets gets no receipts or heads but the organiser’s (issue #18)', () => {
  const dir = makeTempDir();
  const dbPath = path.join(dir, 'unkeyed.db');
  let api: ApiTestApp;
  let tokens: { red: string; blue: string };

  beforeAll(async () => {
    const first = await startApi(dbPath, { gcScheduler: false });
    try {
      tokens = (await createGame(first, setupBody(readScenario(EXAMPLE), 'legacy'))).playerTokens;
      await createGame(first, setupBody(readScenario(EXAMPLE), 'keyed'));
    } finally {
      await first.close();
    }
    // What an older service recorded: the same set-up, without a secret, chained from the unkeyed genesis.
    const forger = new StoreForger(dbPath);
    try {
      const stored = forger.events('legacy');
      forger.rewriteFrom('legacy', 0, rederive('legacy', commandsOf(stored), undefined));
      expect(forger.events('legacy')[0].metadata.chainSecret).toBeUndefined();
    } finally {
      forger.close();
    }
    api = await startApi(dbPath, { gcScheduler: false });
  });
  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  it('still takes orders, answered without a receipt', async () => {
    const placed = await api
      .as(tokens.red)
      .post('/games/legacy/orders')
      .send({ player: 'red', cast: 'bolt', target: { minion: 'b-archer' } })
      .expect(201);
    expect(placed.body).toEqual({ orderId: expect.any(String), revision: expect.any(Number) });
    const confirmed = await api.as(tokens.red).post('/games/legacy/confirm').send({ player: 'red' }).expect(200);
    expect(confirmed.body).not.toHaveProperty('receipt');
  });

  it('lists no receipts to players or spectators; the organiser gets them all, and its audit holds', async () => {
    for (const token of [tokens.red, tokens.blue, undefined]) {
      expect((await api.as(token).get('/games/legacy/receipts').expect(200)).body.receipts).toEqual([]);
    }
    const all = (await api.organiser.get('/games/legacy/receipts').expect(200)).body.receipts as unknown[];
    expect(all.length).toBeGreaterThanOrEqual(3);
    const audit = (await api.organiser.get('/games/legacy/audit').expect(200)).body;
    expect(audit).toMatchObject({ chain: { intact: true }, resimulation: { identical: true } });
  });

  it('refuses its head to anyone but the organiser with 409, saying why', async () => {
    for (const token of [tokens.red, undefined]) {
      const refused = await api.as(token).get('/games/legacy/head').expect(409);
      expect(JSON.stringify(refused.body)).toContain('game legacy was recorded before chain secrets');
    }
    const head = (await api.organiser.get('/games/legacy/head').expect(200)).body;
    expect(head).toMatchObject({ gameId: 'legacy', revision: expect.any(Number), hash: expect.any(String) });
    // A game with a secret is unaffected.
    await api.as().get('/games/keyed/head').expect(200);
  });

  it('is left out of the public tournament log, named among the skipped games', async () => {
    const { body } = await api.organiser.post('/log/heads').send({}).expect(200);
    expect(body.skipped).toEqual(['legacy']);
    expect(body.recorded.map((head: { gameId: string }) => head.gameId)).toEqual(['keyed']);
    const entries = (await api.as().get('/log/entries').expect(200)).body.entries as { head: { gameId: string } }[];
    expect(entries.map(({ head }) => head.gameId)).toEqual(['keyed']);
  });
});
