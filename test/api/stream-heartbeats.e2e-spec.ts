/**
 * Issue #24, item 2: every kind of event stream stays open across heartbeats. The heartbeat is an SSE comment; with
 * `?describe=true` it went through the describer like an event, and the stream died at the first one (`Cannot read
 * properties of undefined (reading 'released')`), so the replay page showed "reconnecting…" every 15 s. Here every
 * variant — a game's stream and the global one, described or not, filtered by type, viewed as another viewer,
 * resumed after Last-Event-ID — is held open across three heartbeats, and then still gets a live event.
 */
import * as path from 'node:path';
import { REPO_ROOT } from '../support/repo-root';
import { type ApiTestApp, bearer, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { type PlayerTokens, createGame, readScenario, setupBody } from './support/scenario.http-player';
import { SseClient } from './support/sse-client';

const HEARTBEAT_MS = 150;
const GAME = 'beats';

describe('every event stream stays open across heartbeats (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let tokens: PlayerTokens;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'), { sseHeartbeatMs: HEARTBEAT_MS });
    const scenario = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));
    tokens = (await createGame(api, setupBody(scenario, GAME))).playerTokens;
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  /** Every variant of the two streams: [name, route, headers]. */
  function variants(): [string, string, Record<string, string>][] {
    const organiser = bearer(api.organiserToken);
    const found: [string, string, Record<string, string>][] = [];
    for (const describe of [false, true]) {
      for (const types of [undefined, 'SpellTargeted,OrdersConfirmed']) {
        for (const [who, headers, as] of [
          ['organiser', organiser, undefined],
          ['red', bearer(tokens.red), undefined],
          ['public', {}, undefined],
          ['organiser as blue', organiser, 'blue'],
        ] as const) {
          for (const lastEventId of [undefined, '3']) {
            const query = [describe ? 'describe=true' : '', types ? `types=${types}` : '', as ? `as=${as}` : '']
              .filter(Boolean)
              .join('&');
            found.push([
              `game stream, ${who}${describe ? ', described' : ''}${types ? ', typed' : ''}${lastEventId ? ', resumed' : ''}`,
              `/games/${GAME}/events/stream${query ? `?${query}` : ''}`,
              lastEventId === undefined ? headers : { ...headers, 'Last-Event-ID': lastEventId },
            ]);
          }
        }
      }
    }
    for (const query of [
      '',
      `gameId=${GAME}`,
      'types=OrdersConfirmed',
      `gameId=${GAME}&types=SpellTargeted,OrdersConfirmed`,
    ]) {
      for (const [who, headers] of [
        ['organiser', organiser],
        ['red', bearer(tokens.red)],
        ['public', {}],
      ] as const) {
        for (const lastEventId of [undefined, '2']) {
          found.push([
            `global stream ${query || '(all)'}, ${who}${lastEventId ? ', resumed' : ''}`,
            `/events/stream${query ? `?${query}` : ''}`,
            lastEventId === undefined ? headers : { ...headers, 'Last-Event-ID': lastEventId },
          ]);
        }
      }
    }
    return found;
  }

  it('holds every variant open across three heartbeats, then delivers a live event to each', async () => {
    const streams = await Promise.all(
      variants().map(async ([name, route, headers]) => ({
        name,
        client: await SseClient.open(`${api.url}${route}`, headers),
      })),
    );
    try {
      await Promise.all(streams.map(({ client }) => client.waitFor(() => client.comments >= 3, 10_000)));
      expect(streams.filter(({ client }) => client.isEnded).map(({ name }) => name)).toEqual([]);
      expect(streams.filter(({ client }) => client.caughtUp === undefined).map(({ name }) => name)).toEqual([]);

      // Still following: red's order (hidden from whoever may not see it) and red's confirmation (seen by all).
      await api
        .as(tokens.red)
        .post(`/games/${GAME}/orders`)
        .send({ player: 'red', cast: 'bolt', target: { minion: 'b-archer' } })
        .expect(201);
      const confirmed = await api.as(tokens.red).post(`/games/${GAME}/confirm`).send({ player: 'red' }).expect(200);
      const revision = (confirmed.body as { revision: number }).revision;
      await Promise.all(
        streams.map(({ name, client }) =>
          client
            .waitFor(
              (events) =>
                events.some((event) => (JSON.parse(event.data) as { revision: number }).revision === revision),
              10_000,
            )
            .catch((error: Error) => {
              throw new Error(`${name}: ${error.message}`);
            }),
        ),
      );
      for (const { client } of streams) {
        expect(client.isEnded).toBe(false);
        expect(client.named.map((event) => event.event)).toEqual(['caught-up']);
      }
    } finally {
      for (const { client } of streams) client.close();
    }
  });
});
