import * as path from 'node:path';
import { REPO_ROOT } from '../support/repo-root';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { createGame, readEvents, readScenario, setupBody, waitForEvents } from './support/scenario.http-player';

const scenario = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));

/** The example's set-up, with a square alteration in red's hand (four copies: one a turn). */
function withFog(gameId: string): Record<string, unknown> {
  const body = setupBody(scenario, gameId) as {
    spells: Record<string, unknown>;
    players: { red: { hand: string[]; deck: string[]; mana: Record<string, number> } };
  };
  body.spells.fog = {
    key: 'fog',
    name: 'Fog',
    house: 'war',
    type: 'alteration',
    target: { kind: 'square' },
    cost: { primary: 1, secondary: 0 },
    visible: true,
    cumulative: false,
    oncePerGame: false,
    effects: [],
    triggers: [],
  };
  body.players.red.hand = ['fog', 'fog'];
  body.players.red.deck = ['fog', 'fog'];
  body.players.red.mana = { strife: 20, clarity: 20 };
  return body;
}

describe('ids of any name never break a game (docs/rules.md S2, T1; model/ids.ts) (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'));
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  it('S2: a square alteration on squares named like Object.prototype members executes, turn after turn, and audits clean', async () => {
    const { playerTokens } = await createGame(api, withFog('squares'));
    const red = api.as(playerTokens.red);
    const blue = api.as(playerTokens.blue);
    const names = ['constructor', 'toString', 'valueOf', 'hasOwnProperty'];
    for (const [turn, square] of names.entries()) {
      await red.post('/games/squares/orders').send({ player: 'red', cast: 'fog', target: { square } }).expect(201);
      await red.post('/games/squares/confirm').send({ player: 'red' }).expect(200);
      await blue.post('/games/squares/confirm').send({ player: 'blue' }).expect(200);
      // The scheduler collects the garbage, which starts the next turn.
      await waitForEvents(api, 'squares', (events) =>
        events.some((event) => event.type === 'TurnStarted' && (event.data as { turn: number }).turn === turn + 2),
      );
    }
    const activated = (await readEvents(api, 'squares')).filter((event) => event.type === 'SpellActivated');
    expect(activated.map((event) => (event.data as { host: unknown }).host)).toEqual(
      names.map((square) => ({ square })),
    );
    const state = (await api.as().get('/games/squares/state').expect(200)).body.state;
    for (const square of names)
      expect(state.squares[square]).toMatchObject({ id: square, spells: [expect.any(String)] });
    const audit = await api.organiser.get('/games/squares/audit').expect(200);
    expect(audit.body).toMatchObject({ chain: { intact: true }, resimulation: { identical: true } });
  });

  it('S2: an id outside the one pattern is refused with 400 naming the field, and changes nothing', async () => {
    const { playerTokens } = await createGame(api, withFog('proto'));
    const before = (await readEvents(api, 'proto')).length;
    for (const square of ['__proto__', 'x'.repeat(10_000), 'é', 'a.b.c', '']) {
      const refused = await api
        .as(playerTokens.red)
        .post('/games/proto/orders')
        .send({ player: 'red', cast: 'fog', target: { square } })
        .expect(400);
      expect(JSON.stringify(refused.body)).toContain('target.square');
    }
    expect(await readEvents(api, 'proto')).toHaveLength(before);
  });

  it('set-up numbers out of range (6e307 mana, 1.5e308 HP) are refused with 400 naming the field; no game is made', async () => {
    const body = setupBody(scenario, 'huge') as {
      players: { red: { mana: Record<string, number>; income: Record<string, number> } };
      board: { groups: { minions: { hp: number }[] }[] };
    };
    body.players.red.mana = { strife: 6e307 };
    body.players.red.income = { strife: 6e307 };
    body.board.groups[0].minions[0].hp = 1.5e308;
    const refused = await api.organiser.post('/games').send(body).expect(400);
    const text = JSON.stringify(refused.body);
    expect(text).toContain('players.red.mana.strife must not be greater than 1000000');
    expect(text).toContain('players.red.income.strife must not be greater than 1000000');
    expect(text).toContain('board.groups[0].minions[0].hp must not be greater than 1000000');
    await api.as().get('/games/huge/events').expect(404);
  });
});
