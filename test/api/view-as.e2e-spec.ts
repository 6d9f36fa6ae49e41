import * as path from 'node:path';
import { type ApiTestApp, bearer, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { type SecretGame, playSecretGame } from './support/secret-game';
import { SseClient } from './support/sse-client';

const GAME_ID = 'secrets';

/** A view's name in `?as=`, and the token that gives that view by itself (none: public). */
type View = 'red' | 'blue' | 'public';
const VIEWS: View[] = ['red', 'blue', 'public'];

/**
 * Issue #17 "Whose view": the organiser may read any view of a game with `?as=` without another token, and what it
 * then gets is byte for byte what that viewer's own token gets — at every revision, in the events, the state and
 * the stream. Nobody else may ask for a view: a player's token never shows another view.
 */
describe('?as=: the organiser reads a game as red, blue or the public see it (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let game: SecretGame;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'));
    game = await playSecretGame(api, GAME_ID);
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  const own = (view: View) => (view === 'public' ? api.as() : api.as(game.tokens[view]));

  it('GET …/viewer says whose view a request gets and which views its token may ask for', async () => {
    const ask = async (client: ReturnType<typeof api.as>, query = '') =>
      (await client.get(`/games/${GAME_ID}/viewer${query}`).expect(200)).body as unknown;
    expect(await ask(api.organiser)).toEqual({
      gameId: GAME_ID,
      view: 'organiser',
      views: ['organiser', 'red', 'blue', 'public'],
    });
    expect(await ask(api.organiser, '?as=blue')).toMatchObject({
      view: 'blue',
      views: ['organiser', 'red', 'blue', 'public'],
    });
    expect(await ask(own('red'))).toEqual({ gameId: GAME_ID, view: 'red', views: ['red'] });
    expect(await ask(own('public'))).toEqual({ gameId: GAME_ID, view: 'public', views: ['public'] });
    await api.organiser.get('/games/no-such-game/viewer').expect(404);
  });

  it('events and states as a view are exactly that viewer’s own, at every revision', async () => {
    const last = game.events.length - 1;
    const differences: string[] = [];
    for (const view of VIEWS) {
      const urls = [
        `/games/${GAME_ID}/events`,
        `/games/${GAME_ID}/events?from=3&to=${last - 2}&types=Redacted,CardsDrawn`,
      ];
      for (let revision = 0; revision <= last; revision += 1) urls.push(`/games/${GAME_ID}/state?at=${revision}`);
      urls.push(`/games/${GAME_ID}/state`, `/games/${GAME_ID}/state?turn=1&phase=orders&edge=end`);
      for (const url of urls) {
        const separator = url.includes('?') ? '&' : '?';
        const [asked, itsOwn] = await Promise.all([
          api.organiser.get(`${url}${separator}as=${view}`).expect(200),
          own(view).get(url).expect(200),
        ]);
        if (asked.text !== itsOwn.text) differences.push(`${view} ${url}`);
      }
    }
    expect(differences).toEqual([]);
    // And it is a different view from the organiser's: the hidden things are hidden.
    const red = await api.organiser.get(`/games/${GAME_ID}/events?as=red`).expect(200);
    const everything = await api.organiser.get(`/games/${GAME_ID}/events`).expect(200);
    expect(red.text).not.toBe(everything.text);
    expect(red.text).not.toContain('"hash"');
    expect(red.text).not.toContain(String(4815162342));
  });

  it('the event stream as a view is that viewer’s own stream', async () => {
    const count = game.events.length;
    for (const view of ['blue', 'public'] as const) {
      const token = view === 'public' ? undefined : game.tokens[view];
      const asked = await SseClient.open(
        `${api.url}/games/${GAME_ID}/events/stream?as=${view}&token=${encodeURIComponent(api.organiserToken)}`,
      );
      const itsOwn = await SseClient.open(`${api.url}/games/${GAME_ID}/events/stream`, token ? bearer(token) : {});
      try {
        await asked.waitFor((events) => events.length >= count);
        await itsOwn.waitFor((events) => events.length >= count);
        expect(asked.events).toEqual(itsOwn.events);
      } finally {
        asked.close();
        itsOwn.close();
      }
    }
  });

  it('only the organiser may ask: a player’s token is 403, no token 401, an unknown view 400 naming `as`', async () => {
    for (const asked of ['blue', 'red', 'organiser', 'public']) {
      const response = await own('red').get(`/games/${GAME_ID}/events?as=${asked}`).expect(403);
      expect(response.body.message).toContain('only the organiser may choose a view');
    }
    await own('blue').get(`/games/${GAME_ID}/state?as=red`).expect(403);
    await own('blue').get(`/games/${GAME_ID}/viewer?as=red`).expect(403);
    const sse = await SseClient.open(`${api.url}/games/${GAME_ID}/events/stream?as=red`, bearer(game.tokens.blue)).then(
      () => 'opened',
      (error: Error) => error.message,
    );
    expect(sse).toContain('403');
    await api.as().get(`/games/${GAME_ID}/events?as=red`).expect(401);
    const bad = await api.organiser.get(`/games/${GAME_ID}/events?as=purple`).expect(400);
    expect(bad.body.message).toEqual(['as must be one of organiser, red, blue, public']);
    // Not on endpoints over every game, nor on the organiser's own endpoints.
    await api.organiser.get('/events/stream?as=red').expect(400);
    await api.organiser.get(`/games/${GAME_ID}/audit?as=red`).expect(400);
  });
});
