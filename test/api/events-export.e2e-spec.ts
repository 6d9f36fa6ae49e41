import * as path from 'node:path';
import { type ApiClient, type ApiTestApp, bearer, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { playScenario, readScenario } from './support/scenario.http-player';
import { type SecretGame, playSecretGame } from './support/secret-game';
import { SseClient } from './support/sse-client';

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');

interface ExportPage {
  events: { gameId: string; position: number; type: string }[];
  lastPosition: number | null;
  more: boolean;
}

/**
 * Issue #17 "Analytics from outside": `GET /events` exports every game's events over HTTP a page at a time, each
 * game shown to the caller exactly as the global event stream shows it (the organiser: as stored).
 */
describe('GET /events: bulk export in pages (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let secrets: SecretGame;
  let total: number;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'));
    secrets = await playSecretGame(api, 'secrets');
    await playScenario(api, readScenario(EXAMPLE), 'example');
    const games = (await api.organiser.get('/games').expect(200)).body as { games: { revision: number }[] };
    total = games.games.reduce((sum, game) => sum + game.revision + 1, 0);
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  async function exportAll(client: ApiClient, limit: number, query = ''): Promise<unknown[]> {
    const events: unknown[] = [];
    let after: number | null = null;
    for (;;) {
      const from: string = after === null ? '' : `&after=${after}`;
      const page = (await client.get(`/events?limit=${limit}${from}${query}`).expect(200)).body as ExportPage;
      events.push(...page.events);
      if (!page.more) return events;
      after = page.lastPosition;
    }
  }

  async function streamed(token: string | undefined, count: number, query = ''): Promise<unknown[]> {
    const client = await SseClient.open(`${api.url}/events/stream${query}`, token ? bearer(token) : {});
    try {
      await client.waitFor((events) => events.length >= count);
      return client.data();
    } finally {
      client.close();
    }
  }

  it('pages, followed by lastPosition, give the global stream’s lines: organiser, player and public alike', async () => {
    for (const [name, token] of [
      ['organiser', api.organiserToken],
      ['red', secrets.tokens.red],
      ['public', undefined],
    ] as const) {
      const client = api.as(token);
      const expected = await streamed(token, total);
      for (const limit of [1, 7, 100, 10_000]) {
        expect([name, limit, await exportAll(client, limit)]).toEqual([name, limit, expected]);
      }
    }
  });

  it('one game, and some types only (filtered after redaction, as the stream does)', async () => {
    const expected = await streamed(undefined, 1, '?gameId=secrets&types=Redacted,SpellExecutionPhaseStarted');
    const exported = await exportAll(api.as(), 5, '&gameId=secrets&types=Redacted,SpellExecutionPhaseStarted');
    expect(exported.slice(0, expected.length)).toEqual(expected);
    expect(exported.every((event) => (event as { gameId: string }).gameId === 'secrets')).toBe(true);
    expect(new Set(exported.map((event) => (event as { type: string }).type))).toEqual(
      new Set(['Redacted', 'SpellExecutionPhaseStarted']),
    );
  });

  it('format=ndjson: the same events as JSON lines, and where to resume in headers', async () => {
    const json = (await api.as().get('/events?limit=20').expect(200)).body as ExportPage;
    const lines = await api.as().get('/events?limit=20&format=ndjson').expect(200);
    expect(lines.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(lines.headers['x-last-position']).toBe(String(json.lastPosition));
    expect(lines.headers['x-more']).toBe('true');
    expect(
      lines.text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual(json.events);
  });

  it('an empty page past the end; malformed parameters are 400 naming them', async () => {
    const last = (await exportAll(api.organiser, 10_000)).at(-1) as { position: number };
    expect((await api.as().get(`/events?after=${last.position}`).expect(200)).body).toEqual({
      events: [],
      lastPosition: null,
      more: false,
    });
    for (const query of ['limit=0', 'limit=10001', 'after=-1', 'gameId=1x', 'format=csv']) {
      const response = await api.as().get(`/events?${query}`).expect(400);
      expect(String(response.body.message)).toContain(query.split('=')[0]);
    }
  });
});
