import * as path from 'node:path';
import { EventSource } from 'eventsource';
import { finalize } from 'rxjs';
import { EventStore } from '@app/event-store';
import type { GameEventLine, GlobalEventLine } from '@app/games';
import { REPO_ROOT } from '../support/repo-root';
import { type ApiTestApp, bearer, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { SseClient } from './support/sse-client';
import {
  type PlayerTokens,
  countOf,
  createGame,
  readEvents,
  readScenario,
  setupBody,
  waitForEvents,
} from './support/scenario.http-player';

const scenario = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));

function consecutive(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** The organiser's streams: every event as stored (the viewers' streams are test/api/viewers*.e2e-spec.ts). */
describe('server-sent event streams (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  const tokens = new Map<string, PlayerTokens>();
  /** Store subscriptions opened and closed, to see streams let go of them when their client leaves. */
  const subscriptions = { opened: 0, closed: 0 };
  const clients: SseClient[] = [];

  const open = async (url: string, headers: Record<string, string> = {}): Promise<SseClient> => {
    const client = await SseClient.open(`${api.url}${url}`, { ...bearer(api.organiserToken), ...headers });
    clients.push(client);
    return client;
  };
  /** A player's command: the colour of the body is the player whose token is sent. */
  const post = (url: string, body: { player: 'red' | 'blue'; [field: string]: unknown }) => {
    const gameId = url.split('/')[2];
    return api.as(tokens.get(gameId)?.[body.player]).post(url).send(body);
  };
  const create = async (gameId: string) => {
    tokens.set(gameId, (await createGame(api, setupBody(scenario, gameId))).playerTokens);
  };

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'));
    const store = api.app.get(EventStore);
    const subscribe = store.subscribe.bind(store);
    jest.spyOn(store, 'subscribe').mockImplementation((options) => {
      subscriptions.opened += 1;
      return subscribe(options).pipe(finalize(() => (subscriptions.closed += 1)));
    });
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await api?.close();
    removeTempDir(dir);
  });

  it('sends a game’s stored events, then live ones; resumes after Last-Event-ID with each later event once', async () => {
    const gameId = 'streamed';
    await create(gameId);

    const first = await open(`/games/${gameId}/events/stream`);
    await first.waitFor((events) => events.length === 7); // the set-up: revisions 0…6
    await post(`/games/${gameId}/orders`, { player: 'red', cast: 'bolt', target: { minion: 'b-archer' } }).expect(201);
    await first.waitFor((events) => events.length === 8);
    expect(first.ids).toEqual(consecutive(0, 7));
    expect(first.events.every((event) => event.event === undefined)).toBe(true); // EventSource.onmessage gets them
    expect(first.data<GameEventLine>()).toEqual(await readEvents(api, gameId, '?to=7'));

    const openBefore = subscriptions.opened - subscriptions.closed;
    first.close();
    await waitUntil(() => subscriptions.opened - subscriptions.closed === openBefore - 1);

    // While nobody listens: blue's order, both confirmations (the turn executes), the garbage collection.
    await post(`/games/${gameId}/orders`, { player: 'blue', cast: 'mend', target: { minion: 'b-archer' } }).expect(201);
    await post(`/games/${gameId}/confirm`, { player: 'red' }).expect(200);
    await post(`/games/${gameId}/confirm`, { player: 'blue' }).expect(200);
    const stored = await waitForEvents(api, gameId, (events) => countOf(events, 'GarbageCollected') === 1);

    const resumed = await open(`/games/${gameId}/events/stream`, { 'Last-Event-ID': '7' });
    await resumed.waitFor((events) => events.length === stored.length - 8);
    // And live again: the next turn's first order.
    await post(`/games/${gameId}/orders`, { player: 'red', attack: { attacker: 'r-sword', victim: 'b-sword' } }).expect(
      201,
    );
    await resumed.waitFor((events) => events.length === stored.length - 8 + 1);
    expect(resumed.ids).toEqual(consecutive(8, stored.length));
    expect(resumed.data<GameEventLine>()).toEqual(await readEvents(api, gameId, '?from=8'));
  });

  it('starts at ?from= and sends only the ?types= asked for', async () => {
    const gameId = 'filtered';
    await create(gameId);
    const fromThree = await open(`/games/${gameId}/events/stream?from=3`);
    await fromThree.waitFor((events) => events.length === 4);
    expect(fromThree.ids).toEqual([3, 4, 5, 6]);

    const typed = await open(`/games/${gameId}/events/stream?types=CardsDrawn,SpellTargeted`);
    await typed.waitFor((events) => events.length === 2);
    await post(`/games/${gameId}/orders`, { player: 'red', cast: 'bolt', target: { minion: 'b-archer' } }).expect(201);
    await typed.waitFor((events) => events.length === 3);
    expect(typed.data<GameEventLine>().map((event) => event.type)).toEqual([
      'CardsDrawn',
      'CardsDrawn',
      'SpellTargeted',
    ]);
    expect(typed.ids).toEqual([2, 3, 7]);
  });

  it('streams every game in global order, filtered by game and type, resumable by position', async () => {
    // `g1` is a prefix of `g10`'s stream name: the game filter must still be exact.
    await create('g1');
    await create('g10');

    const all = await open('/events/stream?types=TurnStarted');
    await all.waitFor((events) => events.some((event) => (JSON.parse(event.data) as GlobalEventLine).gameId === 'g10'));
    const lines = all.data<GlobalEventLine>();
    expect(lines.every((line) => line.type === 'TurnStarted')).toBe(true);
    expect(new Set(lines.map((line) => line.gameId))).toEqual(new Set(['streamed', 'filtered', 'g1', 'g10']));
    expect(all.ids).toEqual([...all.ids].sort((a, b) => a - b));
    expect(lines.map((line) => line.position)).toEqual(all.ids);

    const g1 = await open('/events/stream?gameId=g1');
    await g1.waitFor((events) => events.length === 7);
    const g1Lines = g1.data<GlobalEventLine>();
    expect(g1Lines.every((line) => line.gameId === 'g1')).toBe(true);
    expect(g1Lines.map(({ revision, type, data, metadata }) => ({ revision, type, data, metadata }))).toEqual(
      await readEvents(api, 'g1'),
    );

    // Resume after the third of g1's events: the four after it, each once, then live.
    const resumed = await open('/events/stream?gameId=g1', { 'Last-Event-ID': String(g1.ids[2]) });
    await resumed.waitFor((events) => events.length === 4);
    expect(resumed.ids).toEqual(g1.ids.slice(3));
    await post('/games/g1/orders', { player: 'red', cast: 'bolt', target: { minion: 'b-archer' } }).expect(201);
    await post('/games/g10/orders', { player: 'red', cast: 'bolt', target: { minion: 'b-archer' } }).expect(201);
    await resumed.waitFor((events) => events.length === 5);
    expect(resumed.data<GlobalEventLine>()[4]).toMatchObject({ gameId: 'g1', revision: 7, type: 'SpellTargeted' });
  });

  it('works with an EventSource client (onmessage, lastEventId)', async () => {
    // An EventSource cannot set headers: the token rides in the query.
    const source = new EventSource(`${api.url}/games/g1/events/stream?token=${encodeURIComponent(api.organiserToken)}`);
    try {
      const received = await new Promise<MessageEvent[]>((resolve, reject) => {
        const messages: MessageEvent[] = [];
        source.onmessage = (message) => {
          messages.push(message);
          if (messages.length === 8) resolve(messages);
        };
        source.onerror = (error) => reject(new Error(`EventSource error: ${error.message ?? 'unknown'}`));
      });
      expect(received.map((message) => message.lastEventId)).toEqual(consecutive(0, 7).map(String));
      expect(JSON.parse(received[7].data as string)).toMatchObject({ revision: 7, type: 'SpellTargeted' });
    } finally {
      source.close();
    }
  });

  it('refuses bad requests before streaming: unknown game 404, bad Last-Event-ID or query 400', async () => {
    await expect(open('/games/nobody/events/stream')).rejects.toMatchObject({ status: 404 });
    await expect(open('/games/g1/events/stream', { 'Last-Event-ID': 'yesterday' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(open('/games/g1/events/stream?from=x')).rejects.toMatchObject({ status: 400 });
    await expect(open('/events/stream?types=')).rejects.toMatchObject({ status: 400 });
    await expect(open('/events/stream?gameId=not%20an%20id')).rejects.toMatchObject({ status: 400 });
  });

  it('ends open streams when the app shuts down, and lets go of every subscription', async () => {
    const listening = await open('/events/stream');
    await listening.waitFor((events) => events.length > 0);
    await api.close();
    await listening.ended;
    expect(listening.completed).toBe(true);
    expect(subscriptions.closed).toBe(subscriptions.opened);
  });
});

async function waitUntil(condition: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
