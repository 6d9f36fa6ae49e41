/**
 * Issue #13, item 5: no request can stall the service. Bodies within BODY_LIMIT built to be as costly as they can
 * (tens of thousands of unknown keys, the longest lists, the deepest nesting), sent with a valid token, are
 * refused with 400 naming the bound and where it was broken, change nothing, and hold the event loop for no longer
 * than a request may (before the bounds, the 65,000 unknown keys alone held it for seconds). The largest legal
 * set-ups are still accepted.
 */
import * as path from 'node:path';
import { EventStore } from '@app/event-store';
import { gameStream } from '@app/games';
import { SETUP_LIMITS } from '@app/rules';
import { REPO_ROOT } from '../support/run-cli';
import { largestSetup } from '../support/largest-setup';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { leastOf, longestStall } from './support/event-loop-stall';
import { type PlayerTokens, createGame, readScenario, setupBody } from './support/scenario.http-player';

const GAME_ID = 'bounds';
const scenario = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));
/** The default BODY_LIMIT (1mb); every hostile body here is just under it. */
const BODY_LIMIT = 1024 * 1024;
/** How long one request may hold the event loop. */
const MAX_STALL_MS = 50;
/**
 * How much slower than idle `/health` may answer meanwhile: its round trip also waits for the client's own work
 * and, on a machine shared with other work, for the CPU; the stalls this guards against took seconds.
 */
const MAX_HEALTH_DELAY_MS = 100;
/** Measurements taken of each body, the least kept (see leastOf). */
const ATTEMPTS = 5;

/** `{...head, key0: 1, key1: 1, …}` with as many keys as fit under BODY_LIMIT. */
function manyKeys(head: Record<string, unknown>): string {
  const entries = Object.entries(head).map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
  let length = JSON.stringify(head).length;
  for (let i = 0; length < BODY_LIMIT - 128; i += 1) {
    entries.push(`"key${i}":1`);
    length += entries[entries.length - 1].length + 1;
  }
  return `{${entries.join(',')}}`;
}

/** `{...head, [field]: <value>}`, the value's text given whole (too deep for JSON.stringify to build). */
function withRawField(head: Record<string, unknown>, field: string, raw: string): string {
  const start = JSON.stringify(head).slice(0, -1);
  return `${start}${start === '{' ? '' : ','}"${field}":${raw}}`;
}

const room = (head: Record<string, unknown>) => BODY_LIMIT - JSON.stringify(head).length - 64;

describe('request bodies are bounded before they are validated (e2e, SQLite)', () => {
  const dir = makeTempDir();
  let api: ApiTestApp;
  let store: EventStore;
  let tokens: PlayerTokens;

  beforeAll(async () => {
    api = await startApi(path.join(dir, 'sanctum.db'), { gcScheduler: false });
    store = api.app.get(EventStore);
    tokens = (await createGame(api, setupBody(scenario, GAME_ID))).playerTokens;
  });

  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  const post = (route: string, token: string, body: string) =>
    fetch(`${api.url}${route}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body,
    });

  /** `/health` as a client sees it, while nothing else runs: the baseline. */
  async function idleHealthMs(): Promise<number> {
    return leastOf(5, async () => {
      const started = performance.now();
      await fetch(`${api.url}/health`).then((response) => response.text());
      return performance.now() - started;
    });
  }

  /**
   * Sends the body, with `/health` asked all the while; the least over ATTEMPTS attempts of the longest event-loop
   * stall and of the slowest `/health` answer, and the body's answer.
   */
  async function refusal(route: string, token: string, body: string) {
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(BODY_LIMIT);
    let answer: { status: number; message: string[] } | undefined;
    let slowestHealthMs = Number.POSITIVE_INFINITY;
    const stallMs = await leastOf(ATTEMPTS, async () => {
      let done = false;
      let slowest = 0;
      const probe = (async () => {
        while (!done) {
          const started = performance.now();
          await fetch(`${api.url}/health`).then((response) => response.text());
          slowest = Math.max(slowest, performance.now() - started);
        }
      })();
      const { result, stallMs: stall } = await longestStall(async () => {
        const response = await post(route, token, body);
        return { status: response.status, message: ((await response.json()) as { message: string[] }).message };
      });
      done = true;
      await probe;
      answer = result;
      slowestHealthMs = Math.min(slowestHealthMs, slowest);
      return stall;
    });
    return { ...answer!, stallMs, slowestHealthMs };
  }

  const orders = `/games/${GAME_ID}/orders`;
  const order = { player: 'red', cast: 'bolt', target: { minion: 'b-archer' } };
  const hostile: [string, string, () => string, RegExp][] = [
    [
      'an order of 65,000 unknown keys (the issue)',
      orders,
      () => manyKeys({ player: 'red' }),
      /^\(request\) has more than the 16 fields an object of this request may have$/,
    ],
    [
      'an order whose attack holds the keys',
      orders,
      () => withRawField({ player: 'red' }, 'attack', manyKeys({ attacker: 'r-knight', victim: 'b-archer' })),
      /^attack has more than the 16 fields an object of this request may have$/,
    ],
    [
      'an order with a list of half a million entries',
      orders,
      () => withRawField(order, 'extra', `[${'0,'.repeat(room(order) / 2)}0]`),
      /^extra has more than the 16 entries a list of this request may have$/,
    ],
    [
      'an order nested half a million levels deep',
      orders,
      () => withRawField(order, 'extra', `${'['.repeat(room(order) / 2)}${']'.repeat(room(order) / 2)}`),
      /^extra\[0\]\[0\]\[0\]\[0\]\[0\]\[0\]\[0\] nests deeper than 8 levels$/,
    ],
    [
      'a confirmation of many small objects',
      `/games/${GAME_ID}/confirm`,
      () => withRawField({ player: 'red' }, 'extra', `[${'{"a":[0]},'.repeat(room({}) / 10)}{}]`),
      /^extra has more than the 16 entries a list of this request may have$/,
    ],
  ];

  it.each(hostile)(
    '%s: 400 naming the bound, nothing recorded, the event loop never held',
    async (_name, route, build, message) => {
      const idle = await idleHealthMs();
      const before = await store.streamRevision(gameStream(GAME_ID));
      const { status, message: problems, stallMs, slowestHealthMs } = await refusal(route, tokens.red, build());
      expect(status).toBe(400);
      expect(problems).toEqual([expect.stringMatching(message)]);
      expect(await store.streamRevision(gameStream(GAME_ID))).toBe(before);
      expect(stallMs).toBeLessThan(MAX_STALL_MS);
      expect(slowestHealthMs).toBeLessThan(idle + MAX_HEALTH_DELAY_MS);
    },
  );

  it('a set-up of 65,000 spells, and one past its size limit, are refused as cheaply', async () => {
    const keys = await refusal('/games', api.organiserToken, withRawField({}, 'spells', manyKeys({})));
    expect(keys.status).toBe(400);
    expect(keys.message).toEqual(['spells has more than the 256 fields an object of this request may have']);
    expect(keys.stallMs).toBeLessThan(MAX_STALL_MS);

    const setup = { ...largestSetup(), gameId: 'too-large' };
    const card = setup.players.red.deck[0];
    setup.players.red.deck = Array.from({ length: SETUP_LIMITS.deck / 2 }, () => card);
    const tooLarge = await refusal('/games', api.organiserToken, JSON.stringify(setup));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.message).toEqual([
      expect.stringMatching(/^setup is \d+ characters of JSON, more than the 262144 it may have$/),
    ]);
    expect(tooLarge.stallMs).toBeLessThan(MAX_STALL_MS);
    expect((await api.organiser.get('/games/too-large/state')).status).toBe(404);
  });

  it('the largest legal set-ups are accepted: every limit at its maximum, and decks of 20,000 cards', async () => {
    await createGame(api, { ...largestSetup(), gameId: 'largest' });
    // One-letter cards, so that two full decks fit in a set-up's characters.
    const { turns: _turns, ...small } = scenario;
    const [key, spell] = Object.entries(small.spells)[0];
    const decks = { ...small, gameId: 'long-decks', spells: { ...small.spells, a: { ...spell, key: 'a' } } };
    decks.players = { ...small.players };
    for (const colour of ['red', 'blue'] as const) {
      decks.players[colour] = { ...small.players[colour], deck: Array(SETUP_LIMITS.deck).fill('a') };
    }
    expect(key).not.toBe('a');
    await createGame(api, decks);
  });
});
