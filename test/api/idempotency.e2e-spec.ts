import * as path from 'node:path';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { countOf, createGame, readEvents, readScenario, setupBody } from './support/scenario.http-player';

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');

describe('Idempotency-Key: a retried command answers with its first result and records nothing new', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'idempotency.db'));
  });
  afterAll(async () => {
    await api.close();
    removeTempDir(dir);
  });

  it('a retried game creation, order and confirmation give the first answers again', async () => {
    const body = setupBody(readScenario(EXAMPLE), 'retried');
    const created = await createGame(api, body, 'create-1');
    expect(await createGame(api, body, 'create-1')).toEqual(created);
    await api.organiser.post('/games').set('Idempotency-Key', 'create-2').send(body).expect(409);
    // The same key with another set-up is another command: refused, the first game left as it was.
    const other = await api.organiser
      .post('/games')
      .set('Idempotency-Key', 'create-1')
      .send({ ...body, seed: Number(body.seed) + 1 });
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/Idempotency-Key already names a different command/);
    expect((await readEvents(api, 'retried'))[0]?.data).toMatchObject({ seed: body.seed });

    const red = api.as(created.playerTokens.red);
    const order = { player: 'red', cast: 'bolt', target: { minion: 'b-archer' } };
    const first = await red.post('/games/retried/orders').set('Idempotency-Key', 'order-1').send(order).expect(201);
    const before = (await readEvents(api, 'retried')).length;
    await red.post('/games/retried/confirm').set('Idempotency-Key', 'confirm-1').send({ player: 'red' }).expect(200);
    const retry = await red.post('/games/retried/orders').set('Idempotency-Key', 'order-1').send(order).expect(201);
    // The first answer, revision included, although the game has moved on since.
    expect(retry.body).toEqual(first.body);
    expect((await readEvents(api, 'retried')).length).toBe(before + 1);
  });

  it('a key reused for a different command is refused with 409 and records nothing', async () => {
    const created = await createGame(api, setupBody(readScenario(EXAMPLE), 'reused'));
    const red = api.as(created.playerTokens.red);
    await red.post('/games/reused/confirm').set('Idempotency-Key', 'k1').send({ player: 'red' }).expect(200);
    const before = (await readEvents(api, 'reused')).length;
    const order = { player: 'red', cast: 'bolt', target: { minion: 'b-archer' } };
    const reused = await red.post('/games/reused/orders').set('Idempotency-Key', 'k1').send(order);
    expect(reused.status).toBe(409);
    expect((await readEvents(api, 'reused')).length).toBe(before);
  });

  /**
   * Issue #24, item 3: a key is its caller's. Blue sending a key red used (the form `sanctum play` uses) got 409,
   * and a key red had not used the normal answer: blue learnt which of red's keys existed. And blue could record a
   * command of its own under red's next key first, after which red's real command was refused with 409.
   */
  it('keys belong to their caller: blue can neither learn which of red’s keys exist nor take one from red', async () => {
    const created = await createGame(api, setupBody(readScenario(EXAMPLE), 'scoped'));
    const red = api.as(created.playerTokens.red);
    const blue = api.as(created.playerTokens.blue);
    const redOrder = { player: 'red', cast: 'bolt', target: { minion: 'b-archer' } };
    const redFirst = await red.post('/games/scoped/orders').set('Idempotency-Key', 'turn-1/red/0').send(redOrder);
    expect(redFirst.status).toBe(201);

    // Blue's probes: a key red used and one it did not are answered alike — each is blue's own new command.
    const blueOrder = (target: string) => ({ player: 'blue', cast: 'mend', target: { minion: target } });
    const used = await blue
      .post('/games/scoped/orders')
      .set('Idempotency-Key', 'turn-1/red/0')
      .send(blueOrder('b-archer'));
    const unused = await blue
      .post('/games/scoped/orders')
      .set('Idempotency-Key', 'turn-1/red/1')
      .send(blueOrder('b-sword'));
    expect([used.status, unused.status]).toEqual([201, 201]);
    expect(Object.keys(used.body as object).sort()).toEqual(Object.keys(unused.body as object).sort());
    expect((used.body as { orderId: string }).orderId).not.toBe((redFirst.body as { orderId: string }).orderId);

    // Blue takes red's next key first; red's confirmation under it is still red's, and executes nothing early.
    const squat = await blue
      .post('/games/scoped/confirm')
      .set('Idempotency-Key', 'turn-1/red/confirm')
      .send({ player: 'blue' });
    expect(squat.status).toBe(200);
    const confirmed = await red
      .post('/games/scoped/confirm')
      .set('Idempotency-Key', 'turn-1/red/confirm')
      .send({ player: 'red' });
    expect(confirmed.status).toBe(200);
    expect((confirmed.body as { executed: boolean }).executed).toBe(true);

    // Each caller's retry answers with its own first answer, and records nothing.
    const before = (await readEvents(api, 'scoped')).length;
    const retries = [
      [red, 'turn-1/red/0', '/games/scoped/orders', redOrder, redFirst],
      [blue, 'turn-1/red/0', '/games/scoped/orders', blueOrder('b-archer'), used],
      [blue, 'turn-1/red/confirm', '/games/scoped/confirm', { player: 'blue' }, squat],
      [red, 'turn-1/red/confirm', '/games/scoped/confirm', { player: 'red' }, confirmed],
    ] as const;
    for (const [client, key, route, body, first] of retries) {
      const retry = await client.post(route).set('Idempotency-Key', key).send(body);
      expect(retry.status).toBe(first.status);
      expect(retry.body).toEqual(first.body);
    }
    expect((await readEvents(api, 'scoped')).length).toBe(before);
    // Red reusing its own key for another command is still refused.
    await red.post('/games/scoped/orders').set('Idempotency-Key', 'turn-1/red/confirm').send(redOrder).expect(409);
  });

  it('a retried creation without a game id creates one game, not two', async () => {
    const { gameId: _none, ...body } = setupBody(readScenario(EXAMPLE), 'unused');
    const first = await createGame(api, body, 'create-without-id');
    expect(await createGame(api, body, 'create-without-id')).toEqual(first);
    const otherSetUp = { ...body, seed: Number(body.seed) + 1 };
    await api.organiser.post('/games').set('Idempotency-Key', 'create-without-id').send(otherSetUp).expect(409);
  });

  it('T2: both players confirm, each twice at once: the turn executes exactly once', async () => {
    const created = await createGame(api, setupBody(readScenario(EXAMPLE), 'confirmed-twice'));
    const confirm = (colour: 'red' | 'blue') =>
      api
        .as(created.playerTokens[colour])
        .post('/games/confirmed-twice/confirm')
        .set('Idempotency-Key', `${colour}-confirm`)
        .send({ player: colour });
    const answers = await Promise.all([confirm('red'), confirm('blue'), confirm('red'), confirm('blue')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((answer) => (answer.body as { executed: boolean }).executed)).toHaveLength(2);
    const events = await readEvents(api, 'confirmed-twice');
    expect(countOf(events, 'OrdersConfirmed')).toBe(2);
    expect(countOf(events, 'SpellExecutionPhaseStarted')).toBe(1);
  });
});
