/**
 * Issue #24, item 3: one player alternating an order and its cancellation appended 18,822 events in a minute, and
 * every read of the game grew with them (191 ms and 2.6 MB for the whole game). Orders given and cancelled count
 * together against RULES_OPTIONS.orderChangesPerTurn (T2 [A]): past it, 422 naming the assumption, nothing recorded.
 */
import * as path from 'node:path';
import { RULES_OPTIONS } from '@app/rules';
import { REPO_ROOT } from '../support/repo-root';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { createGame, readEvents, readScenario, setupBody } from './support/scenario.http-player';

describe('a player cannot grow a game without bound by ordering and cancelling (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'));
  });
  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  it('refuses the change past RULES_OPTIONS.orderChangesPerTurn with 422, naming it; the other player is not held up', async () => {
    const scenario = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));
    const { playerTokens } = await createGame(api, setupBody(scenario, 'churn'));
    const red = api.as(playerTokens.red);
    const start = (await readEvents(api, 'churn')).length;
    const limit = RULES_OPTIONS.orderChangesPerTurn;
    for (let change = 0; change < limit; change += 2) {
      const placed = await red
        .post('/games/churn/orders')
        .send({ player: 'red', cast: 'bolt', target: { minion: 'b-archer' } })
        .expect(201);
      await red.delete(`/games/churn/orders/${(placed.body as { orderId: string }).orderId}?player=red`).expect(200);
    }
    const refused = await red
      .post('/games/churn/orders')
      .send({ player: 'red', attack: { attacker: 'r-sword', victim: 'b-sword' } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ rule: 'T2' });
    expect((refused.body as { message: string }).message).toMatch(/orderChangesPerTurn/);
    expect((await readEvents(api, 'churn')).length).toBe(start + limit);

    // The count is red's own: nobody else may learn how many hidden orders red gave and took back.
    type Players = { state: { players: Record<string, Record<string, unknown>> } };
    const players = async (token?: string) =>
      ((await api.as(token).get('/games/churn/state').expect(200)).body as Players).state.players;
    expect((await players(playerTokens.red)).red).toMatchObject({ ordersChangedThisTurn: limit });
    expect((await players(playerTokens.blue)).red).not.toHaveProperty('ordersChangedThisTurn');
    expect((await players()).red).not.toHaveProperty('ordersChangedThisTurn');

    await api
      .as(playerTokens.blue)
      .post('/games/churn/orders')
      .send({ player: 'blue', attack: { attacker: 'b-sword', victim: 'r-sword' } })
      .expect(201);
  });
});
