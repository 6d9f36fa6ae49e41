import autocannon from 'autocannon';
import type { Client, Options, Request, Result } from 'autocannon';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BenchRow } from './bench-result.model';
import { check, figure, main, row } from './bench-result.model';
import type { ServerStats } from './api-server.handle';
import { BENCH_ORGANISER_TOKEN, startApiServer } from './api-server.handle';
import { BIG_BOARD, syntheticSetup } from './synthetic-game';
import { distribution } from './timing.kit';

const GAMES = 100;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
const ROUNDS = 2;

interface PlayerTokens {
  red: string;
  blue: string;
}

/** One load: autocannon's result, and each response's latency, set apart by whether it opened its connection. */
interface Load {
  result: Result;
  /** Responses on a connection that had answered before: the round trip itself. */
  steady: number[];
  /** The first response of each connection: includes waiting for the server to accept it. */
  first: number[];
}

/** The first few refusals, to say why a run had errors. */
const refusals: string[] = [];

/**
 * Runs autocannon and records every response's latency. A connection's first response is kept apart: Node (libuv)
 * accepts one new connection per event-loop turn, so under load 100 connections opened at once wait up to seconds
 * to be accepted — a cost of opening connections, not of the request (clients keep theirs open).
 */
function load(options: Options): Promise<Load> {
  const answered = new WeakSet<Client>();
  const steady: number[] = [];
  const first: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve({ result, steady, first }),
    );
    instance.on('response', (client, _status, _bytes, ms) => {
      if (answered.has(client)) steady.push(ms);
      else {
        answered.add(client);
        first.push(ms);
      }
    });
  });
}

async function post(url: string, token: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status !== 201) throw new Error(`POST ${url}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * One client's loop on its own game: red orders an attack, then both players confirm (the second confirmation
 * executes the turn; the scheduler then collects its garbage and starts the next). Minions have HP enough that
 * nobody dies within the run, so every order stays legal.
 */
function turnLoop(gameId: string, tokens: PlayerTokens, square: number): Request[] {
  const json = (token: string, body: unknown): Request => ({
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    onResponse: (status, answer) => {
      if (status >= 300 && refusals.length < 20) refusals.push(`${status} ${answer.slice(0, 200)}`);
    },
  });
  return [
    {
      path: `/games/${gameId}/orders`,
      ...json(tokens.red, {
        player: 'red',
        attack: { attacker: `red-g${square}-m0`, victim: `blue-g${square}-m0` },
      }),
    },
    { path: `/games/${gameId}/confirm`, ...json(tokens.red, { player: 'red' }) },
    { path: `/games/${gameId}/confirm`, ...json(tokens.blue, { player: 'blue' }) },
  ];
}

const errorsOf = (result: Result) => result.errors + result.timeouts + result.non2xx;

/**
 * Command round trip: 100 autocannon connections, each playing turns of its own big-board game (order + both
 * confirmations), against `GET /health` under the same 100 connections. The service runs in its own process on a
 * temporary SQLite file with the garbage-collection scheduler on; rounds alternate health and commands.
 */
export async function httpCommandsBench(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-bench-http-'));
  const server = await startApiServer(path.join(dir, 'http.db'), 'on');
  let stats: ServerStats | undefined;
  const health: Load[] = [];
  const commands: Load[] = [];
  const probes: Load[] = [];
  try {
    const { spells, players, board, seed, initiative } = syntheticSetup(
      { ...BIG_BOARD, turns: 0, hp: 100_000, deckSize: 0 },
      5,
    );
    // Fresh games for every load: autocannon stops a connection mid-loop when the time is up, leaving its game
    // with an order given or one player confirmed, which the next loop on that game would be refused for.
    let created = 0;
    const createGames = async () => {
      const games: { gameId: string; tokens: PlayerTokens }[] = [];
      for (let g = 0; g < GAMES; g += 1) {
        const gameId = `bench-${created++}`;
        const body = { gameId, seed, initiative, spells, players, board };
        const answer = await post(`${server.url}/games`, BENCH_ORGANISER_TOKEN, body);
        games.push({ gameId, tokens: answer.playerTokens as PlayerTokens });
      }
      return games;
    };
    /** The command load; with a probe, one more connection asks GET /health meanwhile (a no-op in that queue). */
    const loadCommands = async (seconds: number, probe?: Load[]) => {
      const games = await createGames();
      let next = 0;
      const [loaded, probed] = await Promise.all([
        load({
          url: server.url,
          connections: GAMES,
          duration: seconds,
          // Each connection gets a game of its own (clients are set up one after another).
          setupClient: (client: Client) => {
            const game = games[next % GAMES];
            client.setRequests(turnLoop(game.gameId, game.tokens, next % BIG_BOARD.groupsPerSide));
            next += 1;
          },
        }),
        probe ? load({ url: `${server.url}/health`, connections: 1, duration: seconds }) : undefined,
      ]);
      if (probed) probe?.push(probed);
      return loaded;
    };
    const loadHealth = (seconds: number) =>
      load({ url: `${server.url}/health`, connections: GAMES, duration: seconds });
    // A short warm-up of both paths (JIT, caches), not counted.
    await loadHealth(1);
    await loadCommands(1);
    refusals.length = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      health.push(await loadHealth(SECONDS));
      commands.push(await loadCommands(SECONDS, probes));
    }
  } finally {
    stats = await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const summary = (loads: Load[]) => ({
    steady: distribution(loads.flatMap((l) => l.steady)),
    connectionOpening: distribution(loads.flatMap((l) => l.first)),
    autocannonP99: loads.map((l) => l.result.latency.p99),
    requestsPerSecond: loads.map((l) => Math.round(l.result.requests.average)),
    errors: loads.reduce((sum, l) => sum + errorsOf(l.result), 0),
    statusCodes: loads.map((l) => l.result.statusCodeStats),
  });
  const h = summary(health);
  const c = summary(commands);
  const ratio = c.steady.p99 / h.steady.p99;
  return [
    row({
      id: 'http-commands',
      what: 'command round trip over HTTP (order + confirm), 100 concurrent games',
      workload:
        `${GAMES} autocannon connections, each looping order → confirm red → confirm blue on its own 16×8 big-board ` +
        `game (turn executed, snapshot, scheduled garbage collection); ${ROUNDS} rounds of ${SECONDS} s ` +
        `alternating with GET /health at the same concurrency; server in its own process, SQLite, log level info; ` +
        `latency of requests on open connections (each connection's first response reported apart)`,
      measured: figure('order/confirm latency', 'ms', c.steady),
      baseline: figure('GET /health latency', 'ms', h.steady),
      ratio: { label: 'command p99 / health p99', value: ratio },
      target: 'p99 ≤ 3× the health p99; zero errors',
      checks: [
        check('command p99 / health p99', ratio, 'max', 3, '×'),
        check('errors (non-2xx, socket errors, timeouts)', c.errors, 'max', 0),
      ],
      serverPeakRssMb: stats?.peakRssMb,
      details: {
        commands: c,
        health: h,
        healthProbeDuringCommandLoad: distribution(probes.flatMap((l) => l.steady)),
        refusals,
        serverCpuMs: stats ? Math.round(stats.cpuMs) : undefined,
      },
    }),
  ];
}

if (require.main === module) main(httpCommandsBench);
