import * as path from 'node:path';
import { type ApiClient, type ApiTestApp, bearer, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { type PlayerTokens, createGame, readScenario, setupBody } from './support/scenario.http-player';
import { SseClient } from './support/sse-client';
import { REPO_ROOT } from '../support/repo-root';

const scenario = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));
const CALLERS = ['none', 'forged', 'organiser', 'red', 'blue', 'otherRed'] as const;
type CallerName = (typeof CALLERS)[number];

/**
 * Issue #5: who may call what. 401 without a token where one is needed, or with a token this service did not give
 * out (with a `WWW-Authenticate: Bearer` challenge); 403 with a token that is not allowed there. Reads without a
 * token answer the public view (test/api/viewers*.e2e-spec.ts check what that view holds).
 */
describe('viewers: the access matrix of every endpoint (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let tokens: PlayerTokens;
  let callers: Record<CallerName, ApiClient>;
  let tokenOf: Record<CallerName, string | undefined>;
  let created = 0;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'), { gcScheduler: false });
    tokens = (await createGame(api, setupBody(scenario, 'game'))).playerTokens;
    const other = (await createGame(api, setupBody(scenario, 'other'))).playerTokens;
    // A token of the right shape for this game, signed with another secret.
    const forged = `game.red.${'A'.repeat(43)}`;
    tokenOf = { none: undefined, forged, organiser: api.organiserToken, ...tokens, otherRed: other.red };
    callers = Object.fromEntries(CALLERS.map((name) => [name, api.as(tokenOf[name])])) as Record<CallerName, ApiClient>;
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  async function sseStatus(url: string, token: string | undefined): Promise<number> {
    try {
      const client = await SseClient.open(`${api.url}${url}`, token === undefined ? {} : bearer(token));
      client.close();
      return 200;
    } catch (error) {
      return (error as { status: number }).status;
    }
  }

  /** Each endpoint, called the same way by every caller; the status each gets. */
  const ENDPOINTS: [string, (client: ApiClient, caller: CallerName) => Promise<number>, Record<CallerName, number>][] =
    [
      [
        'POST /games',
        async (client) => {
          created += 1;
          return (await client.post('/games').send(setupBody(scenario, `created-${created}`))).status;
        },
        { none: 401, forged: 401, organiser: 201, red: 403, blue: 403, otherRed: 403 },
      ],
      [
        'GET /games',
        async (client) => (await client.get('/games')).status,
        { none: 200, forged: 401, organiser: 200, red: 200, blue: 200, otherRed: 200 },
      ],
      [
        'POST /games/:id/orders (red’s)',
        async (client) =>
          (
            await client
              .post('/games/game/orders')
              .send({ player: 'red', cast: 'bolt', target: { minion: 'b-archer' } })
          ).status,
        { none: 401, forged: 401, organiser: 403, red: 201, blue: 403, otherRed: 403 },
      ],
      [
        'DELETE /games/:id/orders/:orderId?player=red',
        async (client) => (await client.delete('/games/game/orders/order.99?player=red')).status,
        { none: 401, forged: 401, organiser: 403, red: 404, blue: 403, otherRed: 403 },
      ],
      [
        'GET /games/:id/state',
        async (client) => (await client.get('/games/game/state?at=3')).status,
        { none: 200, forged: 401, organiser: 200, red: 200, blue: 200, otherRed: 403 },
      ],
      [
        'GET /games/:id/events',
        async (client) => (await client.get('/games/game/events?from=2')).status,
        { none: 200, forged: 401, organiser: 200, red: 200, blue: 200, otherRed: 403 },
      ],
      [
        'GET /games/:id/events/stream',
        (_client, caller) => sseStatus('/games/game/events/stream', tokenOf[caller]),
        { none: 200, forged: 401, organiser: 200, red: 200, blue: 200, otherRed: 403 },
      ],
      [
        'GET /events/stream',
        (_client, caller) => sseStatus('/events/stream', tokenOf[caller]),
        { none: 200, forged: 401, organiser: 200, red: 200, blue: 200, otherRed: 200 },
      ],
      [
        'GET /games/:id/audit',
        async (client) => (await client.get('/games/game/audit')).status,
        { none: 401, forged: 401, organiser: 200, red: 403, blue: 403, otherRed: 403 },
      ],
      [
        'GET /games/:id/events/:revision/why',
        async (client) => (await client.get('/games/game/events/3/why')).status,
        { none: 401, forged: 401, organiser: 200, red: 403, blue: 403, otherRed: 403 },
      ],
      [
        'POST /games/:id/fork',
        async (client) => {
          created += 1;
          return (await client.post('/games/game/fork?at=6').send({ gameId: `fork-${created}` })).status;
        },
        { none: 401, forged: 401, organiser: 201, red: 403, blue: 403, otherRed: 403 },
      ],
      [
        'GET /games/:id/moves',
        async (client) => (await client.get('/games/game/moves?turn=1')).status,
        { none: 200, forged: 401, organiser: 200, red: 200, blue: 200, otherRed: 403 },
      ],
      [
        'GET /games/:id/standings',
        async (client) => (await client.get('/games/game/standings')).status,
        { none: 200, forged: 401, organiser: 200, red: 200, blue: 200, otherRed: 403 },
      ],
      [
        'GET /games/:id/why?minion=',
        async (client) => (await client.get('/games/game/why?minion=r-sword')).status,
        { none: 200, forged: 401, organiser: 200, red: 200, blue: 200, otherRed: 403 },
      ],
      [
        'GET /games/:id/notes',
        async (client) => (await client.get('/games/game/notes')).status,
        { none: 200, forged: 401, organiser: 200, red: 200, blue: 200, otherRed: 403 },
      ],
      [
        'POST /games/:id/notes',
        async (client) =>
          (await client.post('/games/game/notes').send({ revision: 1, text: 'x', visibleTo: [] })).status,
        { none: 401, forged: 401, organiser: 201, red: 403, blue: 403, otherRed: 403 },
      ],
      [
        // Refused for all: a ruling by anyone but the organiser; the organiser's own is not sent (it would end the game).
        'POST /games/:id/result (a body the organiser would see refused)',
        async (client) => (await client.post('/games/game/result').send({ winner: 'purple', reason: 'x' })).status,
        { none: 401, forged: 401, organiser: 400, red: 403, blue: 403, otherRed: 403 },
      ],
      [
        // A body no player may send: who may call is decided before the body is looked at (the game goes on).
        'POST /games/:id/resign (a body every player would see refused)',
        async (client) => (await client.post('/games/game/resign').send({ player: 'purple' })).status,
        { none: 401, forged: 401, organiser: 403, red: 400, blue: 400, otherRed: 403 },
      ],
      [
        'GET /health (public: tokens are not looked at)',
        async (client) => (await client.get('/health')).status,
        { none: 200, forged: 200, organiser: 200, red: 200, blue: 200, otherRed: 200 },
      ],
      [
        'GET /replay/:id (public: the page reads with the fragment’s token)',
        async (client) => (await client.get('/replay/game')).status,
        { none: 200, forged: 200, organiser: 200, red: 200, blue: 200, otherRed: 200 },
      ],
      [
        // Last: red's confirmation ends red's orders phase.
        'POST /games/:id/confirm (red’s)',
        async (client) => (await client.post('/games/game/confirm').send({ player: 'red' })).status,
        { none: 401, forged: 401, organiser: 403, red: 200, blue: 403, otherRed: 403 },
      ],
    ];

  it.each(ENDPOINTS)('%s', async (_name, call, expected) => {
    const got = {} as Record<CallerName, number>;
    for (const caller of CALLERS) got[caller] = await call(callers[caller], caller);
    expect(got).toEqual(expected);
  });

  it('a 401 challenges for a bearer token and says why; a 403 says why without naming anything hidden', async () => {
    const missing = await callers.none.get('/games/game/audit').expect(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="sanctum-chronicle"');
    expect(missing.body).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'only the organiser may audit games: send its token',
    });
    const forged = await callers.forged.get('/games/game/events').expect(401);
    expect(forged.headers['www-authenticate']).toBe('Bearer realm="sanctum-chronicle", error="invalid_token"');
    const malformed = await api.as().get('/games/game/events').set('Authorization', 'Basic cmVkOnJlZA==').expect(401);
    expect(malformed.headers['www-authenticate']).toContain('error="invalid_request"');
    const blueForRed = await callers.blue
      .post('/games/game/orders')
      .send({ player: 'red', discard: 'bolt' })
      .expect(403);
    expect(blueForRed.body.message).toBe("only red's player may act for red, not blue's token");
    const organiserPlays = await callers.organiser.post('/games/game/confirm').send({ player: 'blue' }).expect(403);
    expect(organiserPlays.body.message).toMatch(/the organiser does not play/);
    const elsewhere = await callers.otherRed.get('/games/game/state').expect(403);
    expect(elsewhere.body.message).toBe('this is a player token of game other, not of game game');
  });

  it('the token goes in the Authorization header; only the event streams also take ?token=', async () => {
    const query = `token=${encodeURIComponent(api.organiserToken)}`;
    const listed = await api.as().get(`/games/game/events?${query}`).expect(400);
    expect(listed.body.message).toEqual(['token is not an allowed field']);
    await api.as().get(`/games/game/audit?${query}`).expect(401);
    expect(await sseStatus(`/games/game/events/stream?${query}`, undefined)).toBe(200);
    expect(await sseStatus(`/events/stream?${query}`, undefined)).toBe(200);
    // Given twice, differently: which one is meant is not guessed.
    expect(await sseStatus(`/events/stream?${query}`, tokens.red)).toBe(400);
  });

  it('tells caches that answers depend on the caller: Vary: Authorization, and no-store with a token', async () => {
    const spectator = await api.as().get('/games/game/events?to=1').expect(200);
    expect(spectator.headers.vary).toMatch(/Authorization/);
    const organiser = await callers.organiser.get('/games/game/events?to=1').expect(200);
    expect(organiser.headers['cache-control']).toBe('no-store');
  });
});
