import * as path from 'node:path';
import type { GameEventLine, Receipt } from '@app/games';
import { type ApiClient, type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { type PlayerTokens, playScenario, readEvents, readScenario } from './support/scenario.http-player';

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');
const GAME = 'paged-receipts';

interface ReceiptsAnswer {
  gameId: string;
  receipts: Receipt[];
  next?: number | null;
}

describe('GET /games/:id/receipts in pages: ?from= and ?limit=, the answer’s next (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let tokens: PlayerTokens;
  let events: GameEventLine[];

  const get = async (client: ApiClient, query = ''): Promise<ReceiptsAnswer> =>
    (await client.get(`/games/${GAME}/receipts${query}`).expect(200)).body as ReceiptsAnswer;

  /** Every page of `limit` from revision 0 on, following `next` until it is null. */
  async function allPages(client: ApiClient, limit: number): Promise<ReceiptsAnswer[]> {
    const pages: ReceiptsAnswer[] = [];
    for (let from: number | null = 0; from !== null;) {
      const page = await get(client, `?from=${from}&limit=${limit}`);
      pages.push(page);
      expect(pages.length).toBeLessThan(100);
      from = page.next ?? null;
    }
    return pages;
  }

  /** The revision a receipt's command began at: its events are the ones before it with the same command id. */
  function commandStart(receipt: Receipt): number {
    let revision = receipt.revision;
    while (revision > 0 && events[revision - 1].metadata.commandId === receipt.commandId) revision -= 1;
    return revision;
  }

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'receipts.db'));
    tokens = await playScenario(api, readScenario(EXAMPLE), GAME);
    events = await readEvents(api, GAME);
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  it('without limit answers every receipt at once, with no next (as before paging)', async () => {
    const whole = await get(api.organiser);
    expect(whole.receipts.length).toBeGreaterThan(6);
    expect(Object.keys(whole)).toEqual(['gameId', 'receipts']);
  });

  it('pages of 3 from revision 0, following next: the same receipts in the same order, next null on the last page', async () => {
    const whole = (await get(api.organiser)).receipts;
    const pages = await allPages(api.organiser, 3);
    expect(pages.flatMap((page) => page.receipts)).toEqual(whole);
    expect(pages.length).toBe(Math.ceil(whole.length / 3));
    for (const page of pages.slice(0, -1)) {
      expect(page.receipts).toHaveLength(3);
      // The revision after the page's last receipt: where the next page's commands begin.
      expect(page.next).toBe(page.receipts[2].revision + 1);
    }
    expect(pages[pages.length - 1].next).toBeNull();
    expect(pages[pages.length - 1].receipts.length).toBeGreaterThan(0);
  });

  it('a page as large as what is left ends there: next is null, not a page that would be empty', async () => {
    const whole = (await get(api.organiser)).receipts;
    const from = commandStart(whole[whole.length - 2]);
    const page = await get(api.organiser, `?from=${from}&limit=2`);
    expect(page).toEqual({ gameId: GAME, receipts: whole.slice(-2), next: null });
    expect(await get(api.organiser, `?from=${events.length + 10}&limit=5`)).toEqual({
      gameId: GAME,
      receipts: [],
      next: null,
    });
  });

  it('from a revision: the receipts of the commands that began there or later, never one begun before', async () => {
    const whole = (await get(api.organiser)).receipts;
    const long = whole.find((receipt) => commandStart(receipt) < receipt.revision);
    if (long === undefined) throw new Error('the example has no command of several events');
    for (const from of [commandStart(long), commandStart(long) + 1, long.revision, long.revision + 1]) {
      const expected = whole.filter((receipt) => commandStart(receipt) >= from);
      expect([from, (await get(api.organiser, `?from=${from}`)).receipts]).toEqual([from, expected]);
      expect([from, (await get(api.organiser, `?from=${from}&limit=1000`)).receipts]).toEqual([from, expected]);
    }
  });

  it('a player’s pages hold its own and the public receipts only, and each next is after one of them', async () => {
    for (const colour of ['red', 'blue'] as const) {
      const client = api.as(tokens[colour]);
      const whole = (await get(client)).receipts;
      const pages = await allPages(client, 2);
      expect(pages.flatMap((page) => page.receipts)).toEqual(whole);
      // A cursor tells nothing of the other side's commands: it follows a receipt this player holds.
      const held = new Set(whole.map((receipt) => receipt.revision + 1));
      for (const page of pages.slice(0, -1)) expect([colour, held.has(page.next as number)]).toEqual([colour, true]);
      expect(whole.some((receipt) => receipt.commandId.includes(colour === 'red' ? '/blue/' : '/red/'))).toBe(false);
    }
  });

  it.each([
    ['?limit=0', /^limit must not be less than 1/],
    ['?limit=5001', /^limit must not be greater than 5000/],
    ['?limit=abc', /^limit /],
    ['?limit=2.5', /^limit /],
    ['?from=-1&limit=2', /^from /],
    ['?from=x', /^from /],
  ])('refuses %s with 400 naming the parameter', async (query, message) => {
    const response = await api.organiser.get(`/games/${GAME}/receipts${query}`).expect(400);
    const messages = ([] as string[]).concat(response.body.message as string | string[]);
    expect(messages.some((text) => message.test(text))).toBe(true);
  });

  it('an unknown game is a 404 with a page too', async () => {
    await api.organiser.get('/games/no-such-game/receipts?limit=5').expect(404);
  });
});
