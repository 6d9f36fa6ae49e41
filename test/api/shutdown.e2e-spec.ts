import * as path from 'node:path';
import { EventStore } from '@app/event-store';
import { REPO_ROOT } from '../support/repo-root';
import { RequestDrain } from '../../apps/api/src/lifecycle/request-drain.service';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { createGame, readEvents, readScenario, setupBody } from './support/scenario.http-player';

const GAME_ID = 'shutdown';

describe('graceful shutdown (e2e, SQLite)', () => {
  const dir = makeTempDir();
  const db = path.join(dir, 'sanctum.db');
  const apps: ApiTestApp[] = [];

  afterAll(async () => {
    await Promise.all(apps.map((api) => api.close()));
    removeTempDir(dir);
  });

  it('finishes the append under way, refuses new commands meanwhile, then closes the store', async () => {
    const api = await startApi(db, { gcScheduler: false });
    apps.push(api);
    const scenario = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));
    const { playerTokens } = await createGame(api, setupBody(scenario, GAME_ID));

    // A slow append: shutdown starts while it is under way.
    const store = api.app.get(EventStore);
    const append = store.append.bind(store);
    let appending!: () => void;
    const inAppend = new Promise<void>((resolve) => (appending = resolve));
    jest.spyOn(store, 'append').mockImplementation(async (...args) => {
      appending();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return append(...args);
    });
    const order = api
      .as(playerTokens.red)
      .post(`/games/${GAME_ID}/orders`)
      .send({ player: 'red', cast: 'bolt', target: { minion: 'b-archer' } })
      .then((response) => response);
    await inAppend;
    const closed = api.close();
    const drain = api.app.get(RequestDrain);
    while (!drain.isDraining) await new Promise((resolve) => setTimeout(resolve, 5));

    const refused = await api
      .as(playerTokens.blue)
      .post(`/games/${GAME_ID}/orders`)
      .send({ player: 'blue', discard: 'mend' });
    expect(refused.status).toBe(503);
    expect((await order).status).toBe(201);
    await closed;

    const reopened = await startApi(db, { gcScheduler: false });
    apps.push(reopened);
    const events = await readEvents(reopened, GAME_ID);
    expect(events.map((event) => event.type).slice(-1)).toEqual(['SpellTargeted']);
  });
});
