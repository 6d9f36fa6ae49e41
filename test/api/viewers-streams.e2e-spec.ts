import * as path from 'node:path';
import type { GlobalEventLine, ViewedEventLine } from '@app/games';
import { ViewerTokens } from '../../apps/api/src/viewers/viewer-tokens.service';
import { type ApiTestApp, bearer, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { createGame, setupBody } from './support/scenario.http-player';
import {
  SECRET_SCENARIO,
  type SecretGame,
  VIEWERS,
  type ViewerName,
  clientsOf,
  leaks,
  playSecretGame,
  tokenOf,
} from './support/secret-game';
import { SseClient } from './support/sse-client';

type GlobalViewedLine = GlobalEventLine & ViewedEventLine;

/** A global line as the game's own list shows it. */
function asGameLine({ gameId: _g, position: _p, recordedAt: _r, ...line }: GlobalViewedLine): ViewedEventLine {
  return line;
}

/**
 * Issue #5 for the server-sent event streams: per game and global, catch-up, live, resumed with Last-Event-ID at
 * every revision — each viewer's stream holds exactly the lines of its own `GET /events`, so the reads' checks
 * (test/api/viewers.e2e-spec.ts) hold for the streams too, and nothing hidden appears on the way.
 */
describe('viewers: redacted event streams (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  const clients: SseClient[] = [];

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'));
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await api?.close();
    removeTempDir(dir);
  });

  const headersOf = (token: string | undefined): Record<string, string> => (token === undefined ? {} : bearer(token));

  async function open(url: string, token?: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = await SseClient.open(`${api.url}${url}`, { ...headersOf(token), ...headers });
    clients.push(client);
    return client;
  }

  async function listOf(game: SecretGame, viewer: ViewerName, query = ''): Promise<ViewedEventLine[]> {
    const response = await clientsOf(api, game.tokens)[viewer].get(`/games/${game.gameId}/events${query}`).expect(200);
    return (response.body as { events: ViewedEventLine[] }).events;
  }

  /** Every message's data, checked against the markers of the revision it belongs to. */
  function streamLeaks(game: SecretGame, viewer: ViewerName, lines: ViewedEventLine[]): string[] {
    let text = '';
    const found: string[] = [];
    for (const line of lines) {
      text += JSON.stringify(line);
      found.push(
        ...leaks(text, game.markers, viewer, line.revision).map((name) => `${viewer} @${line.revision}: ${name}`),
      );
    }
    return found;
  }

  describe('live: the streams are open while the game is played', () => {
    let game: SecretGame;
    const gameStreams = {} as Record<ViewerName, SseClient>;
    const globalStreams = {} as Record<ViewerName, SseClient>;

    beforeAll(async () => {
      // The players' tokens are derived from the game id: known (to the server) before the game exists.
      const tokens = api.app.get(ViewerTokens).playerTokens('live');
      for (const viewer of VIEWERS) {
        globalStreams[viewer] = await open('/events/stream?gameId=live', tokenOf(api, tokens, viewer));
      }
      const played = playSecretGame(api, 'live');
      // The game streams open once the game exists (a stream of an unknown game is a 404).
      await waitUntilExists('live');
      for (const viewer of VIEWERS) {
        gameStreams[viewer] = await open('/games/live/events/stream', tokenOf(api, tokens, viewer));
      }
      game = await played;
      const count = game.events.length;
      for (const viewer of VIEWERS) {
        await gameStreams[viewer].waitFor((events) => events.length === count);
        await globalStreams[viewer].waitFor((events) => events.length === count);
      }
    });

    async function waitUntilExists(gameId: string): Promise<void> {
      for (;;) {
        const response = await api.as().get(`/games/${gameId}/events?to=0`);
        if (response.status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }

    it('each viewer’s game stream and global stream hold exactly its own event list, ids being revisions and positions', async () => {
      for (const viewer of VIEWERS) {
        const list = await listOf(game, viewer);
        expect([viewer, gameStreams[viewer].data<ViewedEventLine>()]).toEqual([viewer, list]);
        expect(gameStreams[viewer].ids).toEqual(list.map((line) => line.revision));
        const global = globalStreams[viewer].data<GlobalViewedLine>();
        expect([viewer, global.map(asGameLine)]).toEqual([viewer, list]);
        expect(globalStreams[viewer].ids).toEqual(global.map((line) => line.position));
      }
    });

    it('nothing hidden came through any stream, at any revision; the organiser’s streams hold everything', () => {
      const problems: string[] = [];
      for (const viewer of ['red', 'blue', 'spectator'] as const) {
        problems.push(...streamLeaks(game, viewer, gameStreams[viewer].data<ViewedEventLine>()));
        problems.push(...streamLeaks(game, viewer, globalStreams[viewer].data<GlobalViewedLine>()));
      }
      expect(problems).toEqual([]);
      const organiser = JSON.stringify(gameStreams.organiser.data());
      for (const marker of game.markers)
        expect([marker.name, organiser.includes(marker.text)]).toEqual([marker.name, true]);
    });

    it('a spectator saw blue’s order as it was given only as `Redacted`, then released when the turn executed', () => {
      const lines = gameStreams.spectator.data<ViewedEventLine>();
      const gambit = game.events.find((event) => (event.data as { spell?: string }).spell === 'blue-gambit');
      const placed = gambit?.revision as number;
      expect(lines[placed]).toEqual({
        revision: placed,
        type: 'Redacted',
        data: {},
        metadata: { gameId: 'live', eventId: `live@${placed}`, turn: 1, phase: 'orders' },
      });
      const released = lines[game.execution].released ?? [];
      expect(released.map((line) => line.revision)).toContain(placed);
      expect(released.find((line) => line.revision === placed)).toMatchObject({
        type: 'SpellTargeted',
        data: { player: 'blue', spell: 'blue-gambit' },
      });
    });
  });

  describe('catch-up and resume of a played game', () => {
    let game: SecretGame;

    beforeAll(async () => {
      game = await playSecretGame(api, 'played');
    });

    it('Last-Event-ID at every revision: the rest of each viewer’s list, mid-turn releases complete', async () => {
      const problems: string[] = [];
      for (const viewer of ['red', 'blue', 'spectator'] as const) {
        const list = await listOf(game, viewer);
        const token = tokenOf(api, game.tokens, viewer);
        await Promise.all(
          list.map(async (_line, revision) => {
            const rest = list.slice(revision + 1);
            const resumed = await open('/games/played/events/stream', token, { 'Last-Event-ID': String(revision) });
            await resumed.waitFor((events) => events.length === rest.length);
            resumed.close();
            if (JSON.stringify(resumed.data()) !== JSON.stringify(rest)) problems.push(`${viewer} after ${revision}`);
          }),
        );
      }
      expect(problems).toEqual([]);
    });

    it('?from= and ?types= on the game stream filter what the viewer sees, as the list does', async () => {
      for (const viewer of ['red', 'spectator'] as const) {
        const token = tokenOf(api, game.tokens, viewer);
        const query = '?types=SpellTargeted,SpellExecutionPhaseStarted&from=8';
        const list = await listOf(game, viewer, query);
        const stream = await open(`/games/played/events/stream${query}`, token);
        await stream.waitFor((events) => events.length === list.length);
        expect([viewer, stream.data()]).toEqual([viewer, list]);
      }
    });

    it('the global stream, resumed by position mid-turn, redacts each game as its own stream does', async () => {
      const all = await open('/events/stream');
      const total = game.events.length;
      await all.waitFor(
        (events) => events.filter((event) => event.data.includes('"gameId":"played"')).length === total,
      );
      const played = all.data<GlobalViewedLine>().filter((line) => line.gameId === 'played');
      expect(played.map(asGameLine)).toEqual(await listOf(game, 'spectator'));
      // Resume right after red's bolt was ordered: the turn's release still carries that order.
      const bolt = game.markers.find((marker) => marker.name === 'red’s bolt order')?.from.organiser as number;
      const resumeAt = played[bolt];
      const resumed = await open('/events/stream?gameId=played', undefined, {
        'Last-Event-ID': String(resumeAt.position),
      });
      await resumed.waitFor((events) => events.length === total - resumeAt.revision - 1);
      expect(resumed.data<GlobalViewedLine>().map(asGameLine)).toEqual(
        (await listOf(game, 'spectator')).slice(resumeAt.revision + 1),
      );
      // A player token on the global stream: that player's view of its game, the public view of the others.
      const red = await open('/events/stream', game.tokens.red);
      await red.waitFor(
        (events) => events.filter((event) => event.data.includes('"gameId":"played"')).length === total,
      );
      const lines = red.data<GlobalViewedLine>();
      expect(lines.filter((line) => line.gameId === 'played').map(asGameLine)).toEqual(await listOf(game, 'red'));
      expect(lines.filter((line) => line.gameId === 'live').map(asGameLine)).toEqual(
        (await api.as().get('/games/live/events').expect(200)).body.events,
      );
    });

    it('a resumed spectator that missed orders of a turn still gets them all when the turn executes', async () => {
      const { playerTokens } = await createGame(api, setupBody(SECRET_SCENARIO, 'resumed'));
      const red = api.as(playerTokens.red);
      const blue = api.as(playerTokens.blue);
      const watching = await open('/games/resumed/events/stream');
      await red
        .post('/games/resumed/orders')
        .send({ player: 'red', cast: 'bolt', target: { minion: 'b-archer' } })
        .expect(201);
      await watching.waitFor((events) => events.length === 8);
      expect(watching.data<ViewedEventLine>()[7].type).toBe('Redacted');
      watching.close();
      // Meanwhile: blue orders, both confirm, the turn executes.
      await blue
        .post('/games/resumed/orders')
        .send({ player: 'blue', cast: 'blue-gambit', target: { minion: 'b-archer' } })
        .expect(201);
      await red.post('/games/resumed/confirm').send({ player: 'red' }).expect(200);
      await blue.post('/games/resumed/confirm').send({ player: 'blue' }).expect(200);
      const resumed = await open('/games/resumed/events/stream', undefined, { 'Last-Event-ID': '7' });
      await resumed.waitFor((events) => events.some((event) => event.data.includes('SpellExecutionPhaseStarted')));
      const execution = resumed.data<ViewedEventLine>().find((line) => line.type === 'SpellExecutionPhaseStarted');
      expect(execution?.released?.map((line) => [line.revision, (line.data as { spell: string }).spell])).toEqual([
        [7, 'bolt'],
        [8, 'blue-gambit'],
      ]);
    });

    it('takes the token as ?token= (EventSource), refuses an unknown one with 401 before streaming', async () => {
      const red = await open(`/games/played/events/stream?token=${encodeURIComponent(game.tokens.red)}`);
      await red.waitFor((events) => events.length === game.events.length);
      expect(red.data()).toEqual(await listOf(game, 'red'));
      await expect(open('/games/played/events/stream?token=forged')).rejects.toMatchObject({ status: 401 });
      await expect(open('/events/stream', 'played.red.forged')).rejects.toMatchObject({ status: 401 });
      await expect(
        open('/games/played/events/stream', game.tokens.red, { 'Last-Event-ID': '3' }),
      ).resolves.toBeDefined();
      // A player token of another game is refused on this game's stream.
      await expect(open('/games/live/events/stream', game.tokens.red)).rejects.toMatchObject({ status: 403 });
    });
  });
});
