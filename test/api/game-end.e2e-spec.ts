import * as path from 'node:path';
import { type GameEventLine, keysOfPublished, verifyInclusionAnswer, verifyStatementOfKind } from '@app/games';
import type { Scenario } from '@app/rules';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import {
  type PlayerTokens,
  countOf,
  createGame,
  playScenario,
  readEvents,
  readScenario,
  setupBody,
  waitForEvents,
} from './support/scenario.http-player';

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');

/** Turn 1 of the example, collected; then red gives turn 2's bolt and blue resigns before confirming. */
function resigningScenario(): Scenario {
  const example = readScenario(EXAMPLE);
  const [first, second] = example.turns;
  return { ...example, turns: [first!, { orders: { red: second!.orders.red ?? [] }, resign: 'blue' }] };
}

type Summary = { gameId: string; status?: string; result?: unknown; forkedFrom?: string; forkedAt?: number };

/**
 * Issue #27, 1: a game that ends — by a resignation, by the organiser's ruling, at the set-up's turn limit — is
 * recorded (PlayerResigned / ResultAdjudicated, then GameEnded), and from then on nothing more is played: orders and
 * confirmations answer 409 naming the end, the scheduler collects what was due and stops. The result is in the game
 * list, the signed head (so in the tournament log) and the receipts from the end on.
 */
describe('a game that ends (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let resigned: PlayerTokens;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'));
    resigned = await playScenario(api, resigningScenario(), 'resigned');
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  const games = async (): Promise<Summary[]> => (await api.as().get('/games').expect(200)).body.games as Summary[];

  it('a resignation is recorded and ends the game; the answer and its receipt carry the result', async () => {
    const events = await readEvents(api, 'resigned');
    const [resignation, end] = events.slice(-2) as [GameEventLine, GameEventLine];
    expect(resignation).toMatchObject({ type: 'PlayerResigned', data: { player: 'blue' }, metadata: { rule: 'A' } });
    expect(end).toMatchObject({
      type: 'GameEnded',
      data: { winner: 'red', reason: 'resignation', turn: 2, ruling: null, standings: null },
      metadata: { rule: 'A', turn: 2, phase: 'orders' },
    });
    // The retry of the same command answers as the first time, result and receipt included.
    const retry = await api
      .as(resigned.blue)
      .post('/games/resigned/resign')
      .set('Idempotency-Key', 'turn-2/blue/resign')
      .send({ player: 'blue' })
      .expect(200);
    expect(retry.body).toMatchObject({
      revision: end.revision,
      result: { winner: 'red', reason: 'resignation', turn: 2 },
      receipt: { revision: end.revision, commandId: 'turn-2/blue/resign', result: { winner: 'red' } },
    });
    const keys = keysOfPublished((await api.as().get('/.well-known/sanctum-keys')).body, 'keys');
    expect(verifyStatementOfKind(retry.body.receipt, 'receipt', keys)).toMatchObject({ valid: true });
    // The result is signed: changing it breaks the signature.
    const forged = { ...retry.body.receipt, result: { ...retry.body.receipt.result, winner: 'blue' } };
    expect(verifyStatementOfKind(forged, 'receipt', keys)).toMatchObject({ valid: false });
  });

  it('after the end, orders, confirmations and endings answer 409 naming the end, and record nothing', async () => {
    const before = (await readEvents(api, 'resigned')).length;
    const end = 'the game has ended: red wins (blue resigned, turn 2)';
    const refusals = [
      api.as(resigned.red).post('/games/resigned/orders').send({ player: 'red', discard: 'mend' }),
      api.as(resigned.red).post('/games/resigned/confirm').send({ player: 'red' }),
      api.as(resigned.red).post('/games/resigned/resign').send({ player: 'red' }),
      api.organiser.post('/games/resigned/result').send({ winner: null, reason: 'late' }),
    ];
    for (const refusal of refusals) {
      const response = await refusal.expect(409);
      expect(response.body).toMatchObject({ rule: 'A', reason: end });
    }
    expect((await readEvents(api, 'resigned')).length).toBe(before);
  });

  it('a player resigns only for its own colour; only the organiser rules; bad rulings are 400 naming the field', async () => {
    const { playerTokens } = await createGame(api, setupBody(readScenario(EXAMPLE), 'ruled'));
    await api.as(playerTokens.red).post('/games/ruled/resign').send({ player: 'blue' }).expect(403);
    await api.as().post('/games/ruled/resign').send({ player: 'blue' }).expect(401);
    await api.as(playerTokens.red).post('/games/ruled/result').send({ winner: 'red', reason: 'mine' }).expect(403);
    const bad = async (body: object, message: string) => {
      const response = await api.organiser.post('/games/ruled/result').send(body).expect(400);
      expect(response.body.message).toEqual([message]);
    };
    await bad({ winner: 'green', reason: 'x' }, 'winner must be "red", "blue" or null (a draw)');
    await bad({ reason: 'x' }, 'winner is required');
    await bad({ winner: 'red' }, 'reason is required');
    await bad({ winner: 'red', reason: '' }, 'reason should not be empty');
    await bad({ winner: 'red', reason: 'x'.repeat(501) }, 'reason must be shorter than or equal to 500 characters');
    expect((await readEvents(api, 'ruled')).some((event) => event.type === 'GameEnded')).toBe(false);

    const ruled = await api.organiser
      .post('/games/ruled/result')
      .send({ winner: null, reason: 'both players agreed to a draw' })
      .expect(200);
    expect(ruled.body.result).toEqual({ winner: null, reason: 'adjudication', turn: 1 });
    const [ruling, end] = (await readEvents(api, 'ruled')).slice(-2);
    expect(ruling).toMatchObject({ type: 'ResultAdjudicated', data: { winner: null } });
    expect(end?.data).toMatchObject({ reason: 'adjudication', ruling: 'both players agreed to a draw' });
  });

  it('at the set-up’s turn limit the game ends by the tie-break; the scheduler collects what is due and stops', async () => {
    const scenario = readScenario(EXAMPLE);
    const limited = { ...scenario, turnLimit: 1, turns: scenario.turns.slice(0, 1) };
    await playScenario(api, limited, 'limited');
    const events = await waitForEvents(api, 'limited', (lines) => countOf(lines, 'GarbageCollected') === 1);
    expect(events.slice(-4).map((event) => event.type)).toEqual([
      'TurnEnded',
      'GameEnded',
      'GarbageCollectionScheduled',
      'GarbageCollected',
    ]);
    const end = events.find((event) => event.type === 'GameEnded') as GameEventLine;
    expect(end.data).toMatchObject({ reason: 'turn-limit', turn: 1, standings: { red: {}, blue: {} } });
    // Given time, nothing more comes: no turn 2, no collection of it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await readEvents(api, 'limited')).length).toBe(events.length);
    // The collection after the end says so in its receipt; the confirmation before it ended it.
    const receipts = (await api.organiser.get('/games/limited/receipts').expect(200)).body.receipts as {
      commandId: string;
      result?: unknown;
    }[];
    const collection = receipts.at(-1);
    expect(collection?.commandId).toMatch(/^collect-garbage\//);
    expect(collection?.result).toEqual({
      winner: (end.data as { winner: unknown }).winner,
      reason: 'turn-limit',
      turn: 1,
    });
    expect(receipts.filter((receipt) => receipt.result !== undefined).map((r) => r.commandId)).toEqual([
      'turn-1/blue/confirm',
      collection?.commandId,
    ]);
  });

  it('GET /games, the signed head and the tournament log show how each game ended; the audit holds', async () => {
    const listed = await games();
    const byId = new Map(listed.map((game) => [game.gameId, game]));
    expect(byId.get('resigned')).toMatchObject({
      status: 'ended',
      result: { winner: 'red', reason: 'resignation', turn: 2 },
      name: 'bolt and blade',
      players: { red: { house: 'war' }, blue: { house: 'life' } },
      turnLimit: null,
    });
    expect(byId.get('ruled')).toMatchObject({ status: 'ended', result: { winner: null, reason: 'adjudication' } });
    expect(byId.get('limited')).toMatchObject({ status: 'ended', turnLimit: 1, result: { reason: 'turn-limit' } });
    const head = (await api.as().get('/games/resigned/head').expect(200)).body;
    expect(head.result).toEqual({ winner: 'red', reason: 'resignation', turn: 2 });
    const logged = (
      await api.organiser
        .post('/log/heads')
        .send({ gameIds: ['resigned'] })
        .expect(200)
    ).body;
    expect(logged.recorded[0]).toEqual(head);
    const inclusion = (await api.as().get('/log/inclusion?gameId=resigned').expect(200)).body;
    const keys = keysOfPublished((await api.as().get('/.well-known/sanctum-keys')).body, 'keys');
    expect(inclusion.head.result).toEqual(head.result);
    expect(verifyInclusionAnswer(inclusion, keys)).toMatchObject({ valid: true });
    for (const gameId of ['resigned', 'ruled', 'limited']) {
      const audit = (await api.organiser.get(`/games/${gameId}/audit`).expect(200)).body;
      expect([gameId, audit.chain.intact, audit.resimulation.identical]).toEqual([gameId, true, true]);
    }
  });

  it('a game the turn limit ended, once its record is published, still shows how it ended: its list entry, head and receipt', async () => {
    const published = (await api.organiser.post('/games/limited/publish').expect(200)).body as {
      receipt: { result?: unknown };
    };
    const [, , , last] = (await readEvents(api, 'limited')).slice(-4).map((event) => event.type);
    expect(last).toBe('GameRecordPublished');
    expect(published.receipt.result).toMatchObject({ reason: 'turn-limit', turn: 1 });
    expect((await games()).find((game) => game.gameId === 'limited')).toMatchObject({
      status: 'ended',
      result: { reason: 'turn-limit' },
    });
    const head = (await api.as().get('/games/limited/head').expect(200)).body;
    expect(head.result).toMatchObject({ reason: 'turn-limit', turn: 1 });
  });

  it('a fork names its moment: without ?at= it is refused naming `at`; a fork is listed with its origin', async () => {
    const response = await api.organiser.post('/games/resigned/fork').send({ gameId: 'what-if' }).expect(400);
    expect(response.body.message).toEqual(['at is required']);
    const events = await readEvents(api, 'resigned');
    // Turn 2's orders phase opens at the end of turn 1's collection: a command's end, before the resignation.
    const at = events.findIndex((event) => event.type === 'OrdersPhaseStarted' && event.metadata.turn === 2);
    await api.organiser.post(`/games/resigned/fork?at=${at}`).send({ gameId: 'what-if' }).expect(201);
    const fork = (await games()).find((game) => game.gameId === 'what-if');
    expect(fork).toMatchObject({ forkedFrom: 'resigned', forkedAt: at, status: 'live', result: null });
  });
});
