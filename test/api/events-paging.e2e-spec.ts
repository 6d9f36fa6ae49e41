import * as path from 'node:path';
import { describeEvent } from '@app/games';
import type { ViewedEventLine } from '@app/games';
import { type ApiClient, type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { type SecretGame, playSecretGame } from './support/secret-game';

const GAME_ID = 'pages';

interface Page {
  gameId: string;
  events: (ViewedEventLine & { description?: string })[];
  next?: number | null;
}

/**
 * Issue #17: `GET /games/:id/events` in pages (`limit`, and `next` as the cursor) gives, page after page, exactly the
 * unpaged answer — for every viewer, from every starting revision, also mid-turn where the redactor must know the
 * turn's earlier orders; `describe=true` adds the replay's sentence to each line.
 */
describe('GET /games/:id/events?limit=: pages of events (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let game: SecretGame;
  let viewers: [string, ApiClient][];

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'));
    game = await playSecretGame(api, GAME_ID);
    viewers = [
      ['organiser', api.organiser],
      ['red', api.as(game.tokens.red)],
      ['blue', api.as(game.tokens.blue)],
      ['public', api.as()],
    ];
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  const get = async (client: ApiClient, query: string): Promise<Page> =>
    (await client.get(`/games/${GAME_ID}/events${query}`).expect(200)).body as Page;

  it('without limit: the whole range in one answer, as before (no `next`)', async () => {
    const whole = await get(api.organiser, '');
    expect(Object.keys(whole)).toEqual(['gameId', 'events']);
    expect(whole.events).toHaveLength(game.events.length);
  });

  it('page by page, following `next`, gives the unpaged answer for every viewer and every page size', async () => {
    for (const [name, client] of viewers) {
      const whole = (await get(client, '')).events;
      for (const limit of [1, 2, 7, 25, game.events.length, 5000]) {
        const pages: Page[] = [];
        for (let from: number | null = 0; from !== null;) {
          const page = await get(client, `?from=${from}&limit=${limit}`);
          expect(page.events.length).toBeLessThanOrEqual(limit);
          pages.push(page);
          from = page.next ?? null;
        }
        expect([name, limit, pages.flatMap((page) => page.events)]).toEqual([name, limit, whole]);
        expect(pages).toHaveLength(Math.ceil(game.events.length / limit));
      }
    }
  });

  it('a page starting anywhere, also inside an orders phase, shows what the whole answer shows there', async () => {
    for (const [name, client] of viewers) {
      const whole = (await get(client, '')).events;
      for (let from = 0; from < game.events.length; from += 1) {
        const page = await get(client, `?from=${from}&limit=3`);
        expect([name, from, page.events]).toEqual([name, from, whole.slice(from, from + 3)]);
        expect(page.next).toBe(from + 3 < game.events.length ? from + 3 : null);
      }
    }
  });

  it('limits the page to `to` and to the types asked for; a range past the end is an empty last page', async () => {
    const page = await get(api.organiser, '?from=2&to=9&limit=5&types=CardsDrawn,GameCreated');
    expect(page.next).toBe(7);
    expect(page.events.every((event) => event.type === 'CardsDrawn' && event.revision <= 6)).toBe(true);
    expect((await get(api.organiser, '?from=5&to=9&limit=5')).next).toBeNull();
    expect(await get(api.organiser, `?from=${game.events.length + 10}&limit=5`)).toEqual({
      gameId: GAME_ID,
      events: [],
      next: null,
    });
  });

  it('describe=true: every line (and every released order) with the sentence `sanctum replay` prints', async () => {
    for (const [, client] of viewers) {
      const plain = (await get(client, '')).events;
      const described = (await get(client, '?describe=true')).events;
      expect(described.map(({ description: _d, released: _r, ...line }) => line)).toEqual(
        plain.map(({ released: _r, ...line }) => line),
      );
      described.forEach((line) => {
        expect(line.description).toBe(describeEvent(line));
        for (const held of (line.released ?? []) as (ViewedEventLine & { description?: string })[]) {
          expect(held.description).toBe(describeEvent(held));
        }
      });
    }
    const spectator = (await get(api.as(), '?describe=true')).events;
    expect(spectator.filter((line) => line.type === 'Redacted').map((line) => line.description)).toContain(
      'a hidden order',
    );
  });

  it('refuses a limit outside 1–5000 and a describe that is not true/false, naming the parameter', async () => {
    for (const query of ['?limit=0', '?limit=5001', '?limit=abc', '?describe=yes']) {
      const response = await api.organiser.get(`/games/${GAME_ID}/events${query}`).expect(400);
      expect(String(response.body.message)).toMatch(/^(limit|describe) /);
    }
  });
});
