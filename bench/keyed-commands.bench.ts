import { createStores, type EventStoreOptions } from '@app/event-store';
import { gameStream, playerToken } from '@app/games';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { appendManyGames, manyGamesSetup } from '../test/support/many-games.store';
import type { BenchRow } from './bench-result.model';
import { check, figure, main, row, storeArgument } from './bench-result.model';
import { BENCH_ORGANISER_TOKEN, BENCH_SERVER_SECRET, startApiServer } from './api-server.handle';
import { distribution, nowMs } from './timing.kit';

/** Orders and cancellations a game takes in the run: all in one turn, within the rules' bound on changes. */
const PAIRS = 120;
/** The first pairs of each game warm the server's code paths and caches; they are not counted. */
const WARM_UP = 10;
const LONG_EVENTS = 10_000;

type Game = { gameId: string; token: string; attacker: string; victim: string; events: number };

async function request(method: string, url: string, token: string, key: string, body?: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': key,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as unknown;
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** A red minion and a blue one on the same square, both alive: an attack red may order (and cancel) all turn. */
async function fighters(base: string, gameId: string): Promise<{ attacker: string; victim: string }> {
  const response = await fetch(`${base}/games/${gameId}/state`, {
    headers: { authorization: `Bearer ${BENCH_ORGANISER_TOKEN}` },
  });
  type Minion = { owner: string; hp: number; groupId: string | null };
  const { state } = (await response.json()) as {
    state: { minions: Record<string, Minion>; groups: Record<string, { square: string }> };
  };
  const alive = (owner: string) =>
    Object.entries(state.minions).filter(([, m]) => m.owner === owner && m.hp > 0 && m.groupId !== null);
  for (const [attacker, a] of alive('red')) {
    const square = state.groups[a.groupId as string]?.square;
    const victim = alive('blue').find(([, b]) => state.groups[b.groupId as string]?.square === square);
    if (victim) return { attacker, victim: victim[0] };
  }
  throw new Error(`no red and blue minions share a square in ${gameId}`);
}

/**
 * Keyed commands on a long game cost what they cost on a short one: an attack order and its cancellation, each with
 * an Idempotency-Key (as `sanctum play` sends them), alternating between a game of a few events and one of 10,000,
 * through the HTTP service in a process of its own. Before, finding the earlier command of a key read up to 2,000
 * of the game's events back; now the store finds a key by index. The long game is appended to the store directly
 * before the server starts; the short one is created over HTTP with the same set-up.
 */
async function keyedCommandsBench(given?: EventStoreOptions): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-keyed-'));
  const store: EventStoreOptions = given ?? { kind: 'sqlite', sqlitePath: path.join(dir, 'keyed.db') };
  const onPostgres = store.kind === 'postgres';
  try {
    const stores = await createStores(store);
    const turns = Math.ceil(LONG_EVENTS / 50);
    const [longId] = (await appendManyGames(stores.eventStore, { games: 1, turns, prefix: 'bench-long' })).gameIds;
    const longEvents = ((await stores.eventStore.streamRevision(gameStream(longId as string))) ?? -1) + 1;
    await stores.close();
    if (longEvents < LONG_EVENTS) throw new Error(`the long game has ${longEvents} events`);

    const server = await startApiServer(store, 'on');
    try {
      const created = await fetch(`${server.url}/games`, {
        method: 'POST',
        headers: { authorization: `Bearer ${BENCH_ORGANISER_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...manyGamesSetup(1000), gameId: 'bench-short' }),
      });
      const { revision } = (await created.json()) as { revision: number };
      const game = async (gameId: string, events: number): Promise<Game> => ({
        gameId,
        token: playerToken(BENCH_SERVER_SECRET, gameId, 'red'),
        events,
        ...(await fighters(server.url, gameId)),
      });
      const games = [await game('bench-short', revision + 1), await game(longId as string, longEvents)];
      const latencies = new Map<string, number[]>(games.map((g) => [g.gameId, []]));
      for (let pair = 0; pair < PAIRS; pair += 1) {
        // Alternating which game goes first, so neither is always the one after the other's work.
        for (const g of pair % 2 === 0 ? games : [...games].reverse()) {
          const base = `${server.url}/games/${g.gameId}`;
          let started = nowMs();
          const placed = (await request('POST', `${base}/orders`, g.token, `turn/red/${pair}`, {
            player: 'red',
            attack: { attacker: g.attacker, victim: g.victim },
          })) as { orderId: string };
          const orderMs = nowMs() - started;
          started = nowMs();
          await request('DELETE', `${base}/orders/${placed.orderId}?player=red`, g.token, `turn/red/${pair}/cancel`);
          const cancelMs = nowMs() - started;
          if (pair >= WARM_UP) latencies.get(g.gameId)?.push(orderMs, cancelMs);
        }
      }
      const [short, long] = games.map((g) => distribution(latencies.get(g.gameId) ?? [])) as [
        ReturnType<typeof distribution>,
        ReturnType<typeof distribution>,
      ];
      const stats = await server.stop();
      const ratio = long.median / short.median;
      return [
        row({
          id: onPostgres ? 'postgres-keyed-commands' : 'keyed-commands',
          what: `keyed command latency, 10,000-event game against a short one${onPostgres ? ', postgres' : ''}`,
          workload:
            `an attack order and its cancellation with an Idempotency-Key each, ${PAIRS - WARM_UP} of each counted per ` +
            `game, alternating between a ${games[0]?.events}-event and a ${longEvents.toLocaleString('en')}-event ` +
            `game on ${onPostgres ? 'PostgreSQL' : 'SQLite'}; HTTP, the server in its own process`,
          measured: figure('keyed command, 10,000-event game', 'ms', long),
          baseline: figure(`keyed command, ${games[0]?.events}-event game`, 'ms', short),
          ratio: { label: 'long game median ÷ short game median', value: ratio },
          target: 'the long game’s median ≤ 1.5× the short game’s',
          checks: [check('long ÷ short median', ratio, 'max', 1.5, '×')],
          serverPeakRssMb: stats.peakRssMb,
          details: { shortEvents: games[0]?.events, longEvents, p99Ratio: long.p99 / short.p99 },
        }),
      ];
    } catch (error) {
      await server.stop().catch(() => undefined);
      throw error;
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) main(() => keyedCommandsBench(storeArgument()));
