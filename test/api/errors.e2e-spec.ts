import * as path from 'node:path';
import {
  AppendTooLargeError,
  EventStore,
  EventStoreConfigurationError,
  EventStoreUnavailableError,
  StreamDeletedError,
  UnknownPositionError,
  WrongExpectedRevisionError,
} from '@app/event-store';
import { gameStream } from '@app/games';
import { ViewerTokens } from '../../apps/api/src/viewers/viewer-tokens.service';
import { REPO_ROOT } from '../support/repo-root';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { type PlayerTokens, createGame, readScenario, setupBody } from './support/scenario.http-player';

const GAME_ID = 'errors';
const scenario = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));

describe('errors over HTTP: the right status, the field or rule named, nothing appended (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let store: EventStore;
  let tokens: PlayerTokens;

  const revision = () => store.streamRevision(gameStream(GAME_ID));
  /** Red's client: most refusals here are red's (blue's orders go through `as(tokens.blue)`). */
  const red = () => api.as(tokens.red);
  const orders = () => red().post(`/games/${GAME_ID}/orders`);
  const blueOrders = () => api.as(tokens.blue).post(`/games/${GAME_ID}/orders`);

  /** Runs one bad request and checks that the game stream did not move. */
  async function unchanged<T>(call: () => Promise<T>): Promise<T> {
    const before = await revision();
    const result = await call();
    expect(await revision()).toBe(before);
    return result;
  }

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'), { gcScheduler: false });
    store = api.app.get(EventStore);
    tokens = (await createGame(api, setupBody(scenario, GAME_ID))).playerTokens;
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  it('malformed JSON → 400', async () => {
    const response = await unchanged(() =>
      orders().set('Content-Type', 'application/json').send('{"player": "red", "cast": '),
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^the body is not valid JSON/);
  });

  it('an unknown field → 400 naming it', async () => {
    const response = await unchanged(() =>
      orders().send({ player: 'red', cast: 'bolt', target: { minion: 'b-archer', armour: 2 }, urgent: true }),
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(['urgent is not an allowed field', 'target.armour is not an allowed field']);
  });

  it('a wrong type → 400 naming the field', async () => {
    const response = await unchanged(() =>
      orders().send({ player: 'green', attack: { attacker: 'r-sword', victim: 7, attack: 'first' } }),
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual([
      'player must be one of the following values: red, blue',
      'attack.victim must be a string',
      'attack.attack must be an integer number',
    ]);
  });

  it('an order that is none or several of cast, attack, discard → 400', async () => {
    const none = await unchanged(() => orders().send({ player: 'red' }));
    expect(none.status).toBe(400);
    expect(none.body.message).toEqual(['(request) must have exactly one of cast, attack, discard (found: none)']);
    const noTarget = await unchanged(() => orders().send({ player: 'red', cast: 'bolt' }));
    expect(noTarget.body.message).toEqual(['target is required']);
  });

  it('a missing player → 400, in a query as in a body', async () => {
    const cancel = await unchanged(() => red().delete(`/games/${GAME_ID}/orders/order.1`));
    expect(cancel.status).toBe(400);
    expect(cancel.body.message).toEqual(['player is required']);
    const confirm = await unchanged(() => red().post(`/games/${GAME_ID}/confirm`).send({}));
    expect(confirm.body.message).toEqual(['player is required']);
    const noBody = await unchanged(() => red().post(`/games/${GAME_ID}/confirm`));
    expect(noBody.body.message).toEqual(['player is required']);
    const array = await unchanged(() =>
      red()
        .post(`/games/${GAME_ID}/confirm`)
        .send([{ player: 'red' }]),
    );
    expect(array.status).toBe(400);
    expect(array.body.message).toEqual(['(request) must be a JSON object']);
  });

  it('a huge body → 413', async () => {
    const response = await unchanged(() =>
      orders().send({ player: 'red', cast: 'bolt', target: { minion: 'x'.repeat(2 * 1024 * 1024) } }),
    );
    expect(response.status).toBe(413);
  });

  it('a body that is not JSON → 415', async () => {
    const response = await unchanged(() => orders().set('Content-Type', 'text/plain').send('player=red'));
    expect(response.status).toBe(415);
  });

  it('a rule refusal → 422 with the rule id, the reason and the field of the body', async () => {
    const response = await unchanged(() =>
      orders().send({ player: 'red', cast: 'mend', target: { minion: 'r-sword' } }),
    );
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      statusCode: 422,
      error: 'Unprocessable Entity',
      rule: 'S3',
      reason: expect.stringContaining('not in red'),
      field: 'cast',
    });
  });

  it('something the order names that does not exist → 404', async () => {
    const attack = await unchanged(() =>
      orders().send({ player: 'red', attack: { attacker: 'nobody', victim: 'b-sword' } }),
    );
    expect(attack.status).toBe(404);
    expect(attack.body).toMatchObject({ rule: 'T3', field: 'attack.attacker' });
    const cancel = await unchanged(() => red().delete(`/games/${GAME_ID}/orders/order.99?player=red`));
    expect(cancel.status).toBe(404);
  });

  it('the wrong phase → 409', async () => {
    await red().post(`/games/${GAME_ID}/confirm`).send({ player: 'red' }).expect(200);
    const again = await unchanged(() => red().post(`/games/${GAME_ID}/confirm`).send({ player: 'red' }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ rule: 'T2', reason: expect.stringContaining('already confirmed') });
    const late = await unchanged(() => orders().send({ player: 'red', discard: 'bolt' }));
    expect(late.status).toBe(409);
  });

  it('an unknown game → 404; an existing id → 409; a malformed id → 400', async () => {
    // Only nope's red player could give this order: its token is derived from the id, like any game's.
    const nopeRed = api.app.get(ViewerTokens).playerTokens('nope').red;
    const missing = await api.as(nopeRed).post('/games/nope/orders').send({ player: 'red', discard: 'bolt' });
    expect(missing.status).toBe(404);
    expect(await store.streamRevision(gameStream('nope'))).toBeNull();
    await api.as().get('/games/nope/events').expect(404);
    const taken = await unchanged(() => api.organiser.post('/games').send(setupBody(scenario, GAME_ID)));
    expect(taken.status).toBe(409);
    const malformed = await api.as().get('/games/-bad-/events');
    expect(malformed.status).toBe(400);
  });

  it('a malformed set-up → 400 listing every problem with its path; nothing is created', async () => {
    const body = setupBody(scenario, 'broken') as { seed: unknown; board: { groups: { minions: { hp: number }[] }[] } };
    body.seed = 'eleven';
    body.board.groups[0].minions[0].hp = 0;
    const response = await api.organiser.post('/games').send({ ...body, gameId: '9lives', colour: 'red' });
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^gameId /),
        'seed must be an integer number',
        'board.groups[0].minions[0].hp must not be less than 1',
        'colour is not an allowed field',
      ]),
    );
    expect(await store.listStreams()).toEqual([gameStream(GAME_ID)]);
  });

  it('a bad Idempotency-Key → 400', async () => {
    const response = await unchanged(() =>
      blueOrders().set('Idempotency-Key', 'has spaces').send({ player: 'blue', discard: 'mend' }),
    );
    expect(response.status).toBe(400);
  });

  it('a revision conflict that survives the retries → 409', async () => {
    jest.spyOn(store, 'append').mockRejectedValue(new WrongExpectedRevisionError(gameStream(GAME_ID), 0, 1));
    const response = await unchanged(() => blueOrders().send({ player: 'blue', discard: 'mend' }));
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/nothing was recorded/);
  });

  it('the store unavailable → 503', async () => {
    jest.spyOn(store, 'append').mockRejectedValue(new EventStoreUnavailableError('database is locked'));
    const response = await unchanged(() => blueOrders().send({ player: 'blue', discard: 'mend' }));
    expect(response.status).toBe(503);
  });

  it.each([
    [
      413,
      new AppendTooLargeError(gameStream(GAME_ID), 1_153_433, 1_048_576),
      /more than its largest append of 1048576/,
    ],
    [410, new StreamDeletedError(gameStream(GAME_ID)), /was deleted in the event store; nothing was recorded/],
    [500, new EventStoreConfigurationError('access denied'), /refused this service \(see the service log\)/],
  ])('the store refusing an append → %i, saying why and that nothing was recorded', async (status, error, message) => {
    jest.spyOn(store, 'append').mockRejectedValue(error);
    const response = await unchanged(() => blueOrders().send({ player: 'blue', discard: 'mend' }));
    expect(response.status).toBe(status);
    expect(response.body.message).toMatch(message);
  });

  it('a Last-Event-ID the store cannot resume after → 400 before any stream opens', async () => {
    const readAll = jest.spyOn(store, 'readAll').mockRejectedValue(new UnknownPositionError(12345));
    const response = await api.organiser.get('/events/stream').set('Last-Event-ID', '12345');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('position 12345 is not the position of an event in this store');
    expect(readAll).toHaveBeenCalledWith({ fromPosition: 12345, maxCount: 1 });
  });

  it('an unknown route → 404 in the same shape', async () => {
    const response = await api.as().get('/nowhere').expect(404);
    expect(response.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
