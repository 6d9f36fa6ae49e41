import * as path from 'node:path';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { countOf, playScenario, readEvents, readScenario, waitForEvents } from './support/scenario.http-player';

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');

/** POST /games/:id/fork over HTTP, with the garbage-collection scheduler running, on a real SQLite file. */
describe('forks (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'));
    await playScenario(api, readScenario(EXAMPLE), 'demo');
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  const audit = async (gameId: string) => (await api.organiser.get(`/games/${gameId}/audit`).expect(200)).body;

  it('S3, S12, T2: a fork in the middle of turn 2’s orders phase is played on through the normal endpoints; both games audit clean, the origin is unchanged', async () => {
    const before = await readEvents(api, 'demo');
    const at = before.findIndex((event) => event.type === 'SpellTargeted' && event.metadata.turn === 2);
    const response = await api.organiser.post(`/games/demo/fork?at=${at}`).send({ gameId: 'what-if' }).expect(201);
    expect(response.body).toEqual({
      gameId: 'what-if',
      forkedFrom: 'demo',
      forkedAt: at,
      revision: at,
      playerTokens: { red: expect.stringMatching(/^what-if\.red\./), blue: expect.stringMatching(/^what-if\.blue\./) },
    });
    const red = api.as(response.body.playerTokens.red);
    const blue = api.as(response.body.playerTokens.blue);
    expect(response.headers.location).toBe('/games/what-if');

    const copied = await readEvents(api, 'what-if');
    expect(copied.map((event) => event.type)).toEqual(before.slice(0, at + 1).map((event) => event.type));
    expect(copied[at].metadata).toMatchObject({
      gameId: 'what-if',
      eventId: `what-if@${at}`,
      forkedFrom: 'demo',
      forkedAt: at,
    });

    // Blue discards where the origin's blue attacked; the turn executes and the scheduler collects it.
    await blue.post('/games/what-if/orders').send({ player: 'blue', discard: 'mend' }).expect(201);
    await red.post('/games/what-if/confirm').send({ player: 'red' }).expect(200);
    const executed = await blue.post('/games/what-if/confirm').send({ player: 'blue' }).expect(200);
    expect(executed.body.executed).toBe(true);
    const events = await waitForEvents(api, 'what-if', (list) => countOf(list, 'GarbageCollected') === 2);
    expect(countOf(events, 'AttackExecuting')).toBe(countOf(before.slice(0, at + 1), 'AttackExecuting'));
    const state = (await api.organiser.get('/games/what-if/state').expect(200)).body;
    expect(state).toMatchObject({ gameId: 'what-if', state: { gameId: 'what-if', turn: 3, phase: 'orders' } });

    expect(await audit('what-if')).toMatchObject({
      forkedFrom: { gameId: 'demo', revision: at },
      chain: { intact: true, firstBrokenRevision: null },
      resimulation: { identical: true, firstDivergence: null },
    });
    expect(await audit('demo')).toMatchObject({ chain: { intact: true }, resimulation: { identical: true } });
    expect(await readEvents(api, 'demo')).toEqual(before);
  });

  it('T1: a fork taken between a turn’s scheduled garbage collection and its collection is collected by the scheduler', async () => {
    const origin = await readEvents(api, 'demo');
    const scheduled = origin.findIndex((event) => event.type === 'GarbageCollectionScheduled');
    const response = await api.organiser.post(`/games/demo/fork?at=${scheduled}`).expect(201);
    const forkId = response.body.gameId as string;
    expect(forkId).toMatch(/^g-[0-9a-f]{16}$/);
    const events = await waitForEvents(api, forkId, (list) => countOf(list, 'GarbageCollected') === 1);
    const collected = events.find((event) => event.type === 'GarbageCollected');
    expect(collected).toMatchObject({
      revision: scheduled + 1,
      data: { turn: 1, minionIds: ['b-archer'] },
      metadata: { gameId: forkId, commandId: `collect-garbage/${forkId}/turn-1` },
    });
    expect(collected?.metadata.forkedFrom).toBeUndefined();
    expect(await audit(forkId)).toMatchObject({ chain: { intact: true }, resimulation: { identical: true } });
  });

  it('refuses a fork point inside a command (422, naming the points around it), and writes nothing', async () => {
    const origin = await readEvents(api, 'demo');
    const died = origin.findIndex((event) => event.type === 'MinionDied');
    const response = await api.organiser.post(`/games/demo/fork?at=${died}`).send({ gameId: 'mid' }).expect(422);
    expect(response.body.message).toMatch(/in the middle of command turn-1\/blue\/confirm .*fork at \d+ or \d+$/);
    await api.organiser.get('/games/mid/events').expect(404);
  });

  it('answers 404 for an unknown game or revision, 409 for a taken id, 400 for a malformed revision or body', async () => {
    await api.organiser.post('/games/nowhere/fork?at=0').expect(404);
    await api.organiser.post('/games/demo/fork?at=100000').expect(404);
    await api.organiser.post('/games/demo/fork?at=6').send({ gameId: 'what-if' }).expect(409);
    await api.organiser.post('/games/demo/fork?at=six').expect(400);
    const unknown = await api.organiser.post('/games/demo/fork?at=6').send({ gameId: 'x', turn: 2 }).expect(400);
    expect(unknown.body.message).toEqual(['property turn should not exist']);
    await api.organiser.post('/games/demo/fork?at=6').send({ gameId: 'not valid' }).expect(400);
  });
});
