import autocannon from 'autocannon';
import type { Client, Options, Request, Result } from 'autocannon';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BenchRow } from './bench-result.model';
import type { EventStoreOptions } from '@app/event-store';
import { check, figure, main, row, storeArgument } from './bench-result.model';
import type { ApiServer, ServerStats } from './api-server.handle';
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

/** Several loads run at once (one per instance) as one: their latencies pooled, their results side by side. */
interface Loads {
  results: Result[];
  steady: number[];
  first: number[];
}

async function together(loads: Promise<Load>[]): Promise<Loads> {
  const done = await Promise.all(loads);
  return {
    results: done.map((l) => l.result),
    steady: done.flatMap((l) => l.steady),
    first: done.flatMap((l) => l.first),
  };
}

export interface HttpCommandsTarget {
  /** The store (default: a temporary SQLite file). */
  store?: EventStoreOptions;
  /** Service processes on that store, the connections shared evenly between them (default 1). */
  instances?: number;
}

/**
 * Command round trip: 100 autocannon connections, each playing turns of its own big-board game (order + both
 * confirmations), against `GET /health` under the same 100 connections. The service runs in its own process (or
 * several, on one postgres store, each taking its share of the connections and games) with the garbage-collection
 * scheduler on; rounds alternate health and commands.
 */
export async function httpCommandsBench(target: HttpCommandsTarget = {}): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-bench-http-'));
  const store: EventStoreOptions = target.store ?? { kind: 'sqlite', sqlitePath: path.join(dir, 'http.db') };
  const instances = target.instances ?? 1;
  const servers: ApiServer[] = [];
  for (let i = 0; i < instances; i += 1) servers.push(await startApiServer(store, 'on'));
  const stats: ServerStats[] = [];
  const health: Loads[] = [];
  const commands: Loads[] = [];
  const probes: Load[] = [];
  const share = GAMES / instances;
  try {
    const { spells, players, board, seed, initiative } = syntheticSetup(
      { ...BIG_BOARD, turns: 0, hp: 100_000, deckSize: 0 },
      5,
    );
    // Fresh games for every load: autocannon stops a connection mid-loop when the time is up, leaving its game
    // with an order given or one player confirmed, which the next loop on that game would be refused for.
    let created = 0;
    const createGames = async (server: ApiServer) => {
      const games: { gameId: string; tokens: PlayerTokens }[] = [];
      for (let g = 0; g < share; g += 1) {
        const gameId = `bench-${created++}`;
        const body = { gameId, seed, initiative, spells, players, board };
        const answer = await post(`${server.url}/games`, BENCH_ORGANISER_TOKEN, body);
        games.push({ gameId, tokens: answer.playerTokens as PlayerTokens });
      }
      return games;
    };
    /** The command load of one instance on its own games. */
    const loadCommandsOn = async (server: ApiServer, seconds: number) => {
      const games = await createGames(server);
      let next = 0;
      return load({
        url: server.url,
        connections: share,
        duration: seconds,
        // Each connection gets a game of its own (clients are set up one after another).
        setupClient: (client: Client) => {
          const game = games[next % share];
          client.setRequests(turnLoop(game.gameId, game.tokens, next % BIG_BOARD.groupsPerSide));
          next += 1;
        },
      });
    };
    /** The command load; with a probe, one more connection asks GET /health meanwhile (a no-op in that queue). */
    const loadCommands = async (seconds: number, probe?: Load[]) => {
      const [loaded, probed] = await Promise.all([
        together(servers.map((server) => loadCommandsOn(server, seconds))),
        probe ? load({ url: `${servers[0].url}/health`, connections: 1, duration: seconds }) : undefined,
      ]);
      if (probed) probe?.push(probed);
      return loaded;
    };
    const loadHealth = (seconds: number) =>
      together(servers.map((server) => load({ url: `${server.url}/health`, connections: share, duration: seconds })));
    // A short warm-up of both paths (JIT, caches), not counted.
    await loadHealth(1);
    await loadCommands(1);
    refusals.length = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      health.push(await loadHealth(SECONDS));
      commands.push(await loadCommands(SECONDS, probes));
    }
  } finally {
    for (const server of servers) stats.push(await server.stop());
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const summary = (loads: Loads[]) => ({
    steady: distribution(loads.flatMap((l) => l.steady)),
    connectionOpening: distribution(loads.flatMap((l) => l.first)),
    autocannonP99: loads.map((l) => l.results.map((r) => r.latency.p99)),
    // Per round, all instances together.
    requestsPerSecond: loads.map((l) => Math.round(l.results.reduce((sum, r) => sum + r.requests.average, 0))),
    errors: loads.reduce((sum, l) => sum + l.results.reduce((n, r) => n + errorsOf(r), 0), 0),
    statusCodes: loads.map((l) => l.results.map((r) => r.statusCodeStats)),
  });
  const h = summary(health);
  const c = summary(commands);
  const ratio = c.steady.p99 / h.steady.p99;
  const onPostgres = store.kind === 'postgres';
  return [
    row({
      id: onPostgres ? `postgres-http-commands-${instances}` : 'http-commands',
      what:
        'command round trip over HTTP (order + confirm), 100 concurrent games' +
        (onPostgres ? `, postgres, ${instances === 1 ? 'one instance' : `${instances} instances`}` : ''),
      workload:
        `${GAMES} autocannon connections, each looping order → confirm red → confirm blue on its own 16×8 big-board ` +
        `game (turn executed, snapshot, scheduled garbage collection); ${ROUNDS} rounds of ${SECONDS} s ` +
        `alternating with GET /health at the same concurrency; ` +
        (instances === 1
          ? 'server in its own process'
          : `${instances} server processes, each with ${share} of the connections and games, every scheduler on`) +
        `, ${onPostgres ? 'PostgreSQL (a local throwaway server)' : 'SQLite'}, log level info; ` +
        `latency of requests on open connections (each connection's first response reported apart)`,
      measured: figure('order/confirm latency', 'ms', c.steady),
      baseline: figure('GET /health latency', 'ms', h.steady),
      ratio: { label: 'command p99 / health p99', value: ratio },
      target: 'p99 ≤ 3× the health p99; zero errors',
      checks: [
        check('command p99 / health p99', ratio, 'max', 3, '×'),
        check('errors (non-2xx, socket errors, timeouts)', c.errors, 'max', 0),
      ],
      serverPeakRssMb: Math.max(...stats.map((st) => st.peakRssMb)),
      details: {
        commands: c,
        health: h,
        healthProbeDuringCommandLoad: distribution(probes.flatMap((l) => l.steady)),
        refusals,
        serverCpuMs: stats.map((st) => Math.round(st.cpuMs)),
      },
    }),
  ];
}

/** On postgres (`--store`): one instance, then two, each on a schema of its own. */
async function httpCommandsBenches(): Promise<BenchRow[]> {
  const store = storeArgument();
  if (store === undefined) return httpCommandsBench();
  const rows: BenchRow[] = [];
  for (const instances of [1, 2]) {
    const schema = `${store.postgresSchema ?? 'bench_http'}_${instances}`;
    rows.push(...(await httpCommandsBench({ store: { ...store, postgresSchema: schema }, instances })));
  }
  return rows;
}

if (require.main === module) main(httpCommandsBenches);
