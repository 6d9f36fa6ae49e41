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
    const blue = api.as(created.playerTokens.blue);
    await blue.post('/games/reused/confirm').set('Idempotency-Key', 'k1').send({ player: 'blue' }).expect(409);
    expect((await readEvents(api, 'reused')).length).toBe(before);
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
