import * as http from 'node:http';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { playScenario, readScenario } from './support/scenario.http-player';

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');
const GAME = 'squeezed';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent (compressed when the response says so). */
  body: Buffer;
}

/** A GET whose body is not decoded on the way (supertest would), with the headers given. */
function rawGet(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

function decoded(response: RawResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(response.body).toString('utf8');
  return response.body.toString('utf8');
}

/** Issue #17: answers are compressed with brotli or gzip where the request asks for it, and only then. */
describe('compressed responses (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'));
    await playScenario(api, readScenario(EXAMPLE), GAME);
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  const events = () => `${api.url}/games/${GAME}/events`;

  it('the same body, smaller, in the encoding the request prefers (br or gzip, by q-values, then its order)', async () => {
    const plain = await rawGet(events(), {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    for (const [accept, expected] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      // Equal preferences: the request's own order decides (Express's negotiator).
      ['gzip, deflate, br', 'gzip'],
      ['br, gzip', 'br'],
      ['br;q=0.5, gzip;q=1', 'gzip'],
      ['deflate', undefined],
      ['identity', undefined],
    ] as const) {
      const response = await rawGet(events(), { 'Accept-Encoding': accept });
      expect([accept, response.status, response.headers['content-encoding']]).toEqual([accept, 200, expected]);
      expect(decoded(response)).toBe(plain.body.toString('utf8'));
      if (expected !== undefined) expect(response.body.length).toBeLessThan(plain.body.length / 4);
      expect(response.headers.vary).toContain('Accept-Encoding');
    }
  });

  it('also the replay page and its files; not a small answer; never an event stream', async () => {
    for (const url of [`/replay/${GAME}`, '/replay/assets/replay.css']) {
      const response = await rawGet(`${api.url}${url}`, { 'Accept-Encoding': 'gzip' });
      expect([url, response.headers['content-encoding']]).toEqual([url, 'gzip']);
    }
    const small = await rawGet(`${api.url}/health`, { 'Accept-Encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    const stream = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${events()}/stream`, { headers: { 'Accept-Encoding': 'gzip, br' } }, resolve),
    );
    expect(stream.headers['content-type']).toBe('text/event-stream');
    expect(stream.headers['content-encoding']).toBeUndefined();
    stream.destroy();
  });

  it('errors are compressed like any answer, and keep their status', async () => {
    const response = await rawGet(`${api.url}/games/${GAME}/events?limit=0`, { 'Accept-Encoding': 'br' });
    expect(response.status).toBe(400);
    expect(JSON.parse(decoded(response))).toMatchObject({ statusCode: 400 });
  });
});
