/**
 * Issue #14, part 3: three service processes (`npm start`) on one PostgreSQL, each on its own loopback address
 * (127.0.0.2–4), every scheduler on. One game's commands spread over all three record exactly what `sanctum
 * simulate` prints; garbage is collected once per turn; an SSE client and an Idempotency-Key retry move between
 * instances; one instance is killed mid-turn; the database is stopped with `-m immediate` and started again.
 *
 * Why it is slow: a PostgreSQL cluster of its own and several service processes on it, as a deployment runs them.
 */
import type { GameEventLine, GlobalEventLine } from '@app/games';
import type { Colour } from '@app/rules';
import { orderBody } from '../api/support/scenario.http-player';
import { SseClient } from '../api/support/sse-client';
import { PostgresCluster, describeWithPostgres } from '../support/postgres-cluster';
import { runSimulate } from '../support/run-cli';
import { unchainedMetadata } from '../support/unchained-metadata';
import {
  BOLT_AND_BLADE,
  ORGANISER_TOKEN,
  ServiceInstances,
  collectionsByTurn,
  countOf,
  playSpread,
  scenario,
} from './support/service-instances';

const HOSTS = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const consecutive = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);

/** The scheduler names its command after the game; the CLI after the turn. Everything else must be identical. */
function asCliWouldRecord(gameId: string, line: GameEventLine): GameEventLine {
  // The service draws each game's chain secret (simulate has none): only its form can be compared.
  if (line.revision === 0) expect(line.metadata.chainSecret).toMatch(/^[0-9a-f]{64}$/);
  const metadata = unchainedMetadata(line.metadata);
  const rename = (value: unknown): unknown =>
    typeof value === 'string'
      ? value.replace(new RegExp(`^collect-garbage/${gameId}/(turn-\\d+)$`), '$1/collect')
      : value;
  return {
    ...line,
    metadata: { ...metadata, commandId: rename(metadata.commandId), causationId: rename(metadata.causationId) },
  };
}

/** Every turn scheduled once and collected once. */
function collectedOncePerTurn(events: GameEventLine[]): boolean {
  const turns = countOf(events, 'GarbageCollectionScheduled');
  const collected = collectionsByTurn(events);
  return collected.size === turns && [...collected.values()].every((count) => count === 1);
}

describeWithPostgres('three service instances on one PostgreSQL (e2e, child processes on 127.0.0.2–4)', () => {
  let cluster: PostgresCluster;
  let instances: ServiceInstances;

  beforeAll(async () => {
    cluster = await PostgresCluster.create({ settings: { fsync: 'off' } });
    instances = new ServiceInstances(HOSTS, () => ({ EVENT_STORE: 'postgres', POSTGRES_URL: cluster.url() }));
    // All three at once: their migrations race on the empty database.
    await instances.startAll();
  }, 180_000);

  afterAll(async () => {
    await instances?.stopAll();
    await cluster?.destroy();
  }, 60_000);

  const audit = async (i: number, gameId: string) =>
    (
      await instances.call<{ chain: { intact: boolean }; resimulation: { identical: boolean } }>(
        i,
        'GET',
        `/games/${gameId}/audit`,
        { token: ORGANISER_TOKEN },
      )
    ).body;

  it('one game’s orders and confirms spread over the three: the events `simulate` prints, audit clean from each, garbage collected once per turn', async () => {
    const gameId = 'spread';
    const cli = runSimulate(BOLT_AND_BLADE, '--game-id', gameId);
    await playSpread(instances, BOLT_AND_BLADE, gameId, (k) => k % 3);
    const run = await cli;
    expect(run.exitCode).toBe(0);
    const cliLines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as GameEventLine);
    for (let i = 0; i < 3; i++) {
      const events = await instances.events(i, gameId);
      expect(events.map((line) => asCliWouldRecord(gameId, line))).toEqual(cliLines);
      expect(collectedOncePerTurn(events)).toBe(true);
      expect(await audit(i, gameId)).toMatchObject({ chain: { intact: true }, resimulation: { identical: true } });
    }
  }, 120_000);

  it('six games at once, every command on another instance, every scheduler on: each turn collected exactly once', async () => {
    const games = Array.from({ length: 6 }, (_, g) => `busy-${g}`);
    await Promise.all(games.map((gameId, g) => playSpread(instances, BOLT_AND_BLADE, gameId, (k) => (k + g) % 3)));
    await sleep(500); // a late second collection would show by now
    for (const [g, gameId] of games.entries()) {
      const events = await instances.events(g % 3, gameId);
      expect({ gameId, once: collectedOncePerTurn(events), turns: countOf(events, 'TurnEnded') }).toEqual({
        gameId,
        once: true,
        turns: 2,
      });
      // Collections are the schedulers' own commands: whichever instance won, the others recorded nothing.
      const collectors = events.filter((e) => e.type === 'GarbageCollected').map((e) => e.metadata.commandId);
      expect(collectors).toEqual([`collect-garbage/${gameId}/turn-1`, `collect-garbage/${gameId}/turn-2`]);
      expect(await audit((g + 1) % 3, gameId)).toMatchObject({ resimulation: { identical: true } });
    }
  }, 180_000);

  it('an SSE client that reconnects to another instance with Last-Event-ID misses nothing and gets nothing twice', async () => {
    const gameId = 'streamed';
    const game = `/games/${gameId}/events/stream?token=${ORGANISER_TOKEN}`;
    const global = `/events/stream?gameId=${gameId}&token=${ORGANISER_TOKEN}`;
    const tokens = await playSpread(instances, BOLT_AND_BLADE, gameId, (k) => k % 3, { turns: 1 });
    const first = await SseClient.open(`${instances.url(0)}${game}`);
    const firstGlobal = await SseClient.open(`${instances.url(2)}${global}`);
    const afterTurnOne = (await instances.events(1, gameId)).length;
    await first.waitFor((events) => events.length === afterTurnOne);
    await firstGlobal.waitFor((events) => events.length === afterTurnOne);
    first.close();
    firstGlobal.close();
    // Turn 2 while nobody listens, then back on other instances.
    await playSpread(instances, BOLT_AND_BLADE, gameId, (k) => (k + 1) % 3, { from: 1, tokens });
    const stored = await instances.events(0, gameId);
    const resumed = await SseClient.open(`${instances.url(1)}${game}`, { 'Last-Event-ID': String(first.ids.at(-1)) });
    const resumedGlobal = await SseClient.open(`${instances.url(0)}${global}`, {
      'Last-Event-ID': String(firstGlobal.ids.at(-1)),
    });
    try {
      await resumed.waitFor((events) => first.events.length + events.length === stored.length);
      await resumedGlobal.waitFor((events) => firstGlobal.events.length + events.length === stored.length);
      await sleep(300);
      expect([...first.ids, ...resumed.ids]).toEqual(consecutive(0, stored.length));
      expect([...first.data<GameEventLine>(), ...resumed.data<GameEventLine>()]).toEqual(stored);
      const globalLines = [...firstGlobal.data<GlobalEventLine>(), ...resumedGlobal.data<GlobalEventLine>()];
      expect(globalLines.map((line) => line.revision)).toEqual(consecutive(0, stored.length));
      const positions = [...firstGlobal.ids, ...resumedGlobal.ids];
      expect(positions).toEqual([...new Set(positions)].sort((a, b) => a - b));
    } finally {
      resumed.close();
      resumedGlobal.close();
    }
  }, 120_000);

  it('an Idempotency-Key retried on another instance answers the first result and records nothing', async () => {
    const gameId = 'retried';
    const tokens = await playSpread(instances, BOLT_AND_BLADE, gameId, () => 0, { turns: 0 });
    const order = orderBody('red', scenario().turns[0].orders.red![0]);
    const request = { token: tokens.red, body: order, headers: { 'Idempotency-Key': 'red-order-1' } };
    const first = await instances.call(0, 'POST', `/games/${gameId}/orders`, request);
    expect(first.status).toBe(201);
    const before = await instances.events(0, gameId);
    for (const i of [1, 2]) {
      const again = await instances.call(i, 'POST', `/games/${gameId}/orders`, request);
      expect(again).toEqual(first);
    }
    expect(await instances.events(2, gameId)).toEqual(before);
    // The same key on another command is refused, on any instance, and records nothing either.
    const other = await instances.call(1, 'POST', `/games/${gameId}/confirm`, {
      token: tokens.red,
      body: { player: 'red' },
      headers: { 'Idempotency-Key': 'red-order-1' },
    });
    expect(other.status).toBe(409);
    expect(await instances.events(1, gameId)).toEqual(before);
  }, 60_000);

  it('SIGKILL of one instance mid-turn: the command retried elsewhere is recorded once, the turn and its collection complete', async () => {
    const gameId = 'killed';
    const played = scenario();
    const tokens = await playSpread(instances, BOLT_AND_BLADE, gameId, () => 2, { turns: 0 });
    const send = (i: number, colour: Colour, kind: 'orders' | 'confirm', body: unknown, key: string) =>
      instances.call(i, 'POST', `/games/${gameId}/${kind}`, {
        token: tokens[colour],
        body,
        headers: { 'Idempotency-Key': key },
      });
    for (const colour of ['red', 'blue'] as const) {
      for (const [o, order] of (played.turns[0].orders[colour] ?? []).entries()) {
        expect((await send(2, colour, 'orders', orderBody(colour, order), `turn-1/${colour}/${o}`)).status).toBe(201);
      }
    }
    expect((await send(2, 'red', 'confirm', { player: 'red' }, 'turn-1/red/confirm')).status).toBe(200);
    // Blue's confirmation executes the turn: sent to instance 2, which is killed while it handles it.
    const inFlight = send(2, 'blue', 'confirm', { player: 'blue' }, 'turn-1/blue/confirm').catch(
      (error: unknown) => error,
    );
    await sleep(15);
    await instances.kill(2);
    await inFlight; // answered or not: the client does not know, and sends it again elsewhere
    const retried = await send(0, 'blue', 'confirm', { player: 'blue' }, 'turn-1/blue/confirm');
    expect(retried.status).toBe(200);
    const events = await instances.waitForEvents(1, gameId, (e) => countOf(e, 'GarbageCollected') === 1);
    expect(countOf(events, 'OrdersConfirmed')).toBe(2);
    expect(countOf(events, 'TurnEnded')).toBe(1);
    expect(collectedOncePerTurn(events)).toBe(true);
    // The killed instance comes back and sees the same game.
    await instances.start(2);
    expect(await instances.events(2, gameId)).toEqual(await instances.events(0, gameId));
    expect(await audit(2, gameId)).toMatchObject({ chain: { intact: true }, resimulation: { identical: true } });
  }, 180_000);

  it('the database stopped with -m immediate: commands answer 503 meanwhile; after its start, commands, streams and the schedulers resume, nothing acknowledged lost', async () => {
    const gameId = 'outage';
    const played = scenario();
    const tokens = await playSpread(instances, BOLT_AND_BLADE, gameId, (k) => k % 3, { turns: 0 });
    const streams = await Promise.all(
      [0, 1, 2].map((i) =>
        SseClient.open(`${instances.url(i)}/games/${gameId}/events/stream?token=${ORGANISER_TOKEN}`),
      ),
    );
    const redOrders = played.turns[0].orders.red ?? [];
    const redFirst = await instances.call(0, 'POST', `/games/${gameId}/orders`, {
      token: tokens.red,
      body: orderBody('red', redOrders[0]),
      headers: { 'Idempotency-Key': 'turn-1/red/0' },
    });
    expect(redFirst.status).toBe(201);
    const acknowledged = (await instances.events(0, gameId)).length;
    try {
      await cluster.stop('immediate');
      for (let i = 0; i < 3; i++) {
        const refused = await instances.call(i, 'POST', `/games/${gameId}/orders`, {
          token: tokens.red,
          body: orderBody('red', redOrders[1]),
          headers: { 'Idempotency-Key': 'turn-1/red/1' },
        });
        expect(refused.status).toBe(503);
        expect((await instances.call(i, 'GET', '/health')).status).toBe(503);
      }
      await sleep(1500); // the streams and the schedulers wait through it
      expect(streams.every((stream) => !stream.completed)).toBe(true);
      await cluster.start();

      // Commands resume on every instance, by themselves (the first may still find a connection the restart broke).
      const deadline = Date.now() + 20_000;
      for (;;) {
        const health = await Promise.all([0, 1, 2].map((i) => instances.call(i, 'GET', '/health')));
        if (health.every((answer) => answer.status === 200)) break;
        if (Date.now() > deadline) throw new Error(`health after the restart: ${health.map((a) => a.status)}`);
        await sleep(100);
      }
      const stored = await instances.events(1, gameId);
      expect(stored.length).toBe(acknowledged); // nothing acknowledged lost, nothing refused recorded
      // Red's first order of turn 1 is in already: sent again with its key, it answers its first result.
      await playSpread(instances, BOLT_AND_BLADE, gameId, (k) => (k + 1) % 3, { tokens, turns: 2 });
      const events = await instances.waitForEvents(0, gameId, (e) => countOf(e, 'GarbageCollected') === 2);
      expect(collectedOncePerTurn(events)).toBe(true);
      expect(
        countOf(events, 'SpellTargeted') + countOf(events, 'AttackOrdered') + countOf(events, 'CardDiscarded'),
      ).toBe(6);
      // The streams opened before the outage carried on: every event once, in order, without reconnecting.
      for (const stream of streams) {
        await stream.waitFor((received) => received.length === events.length);
        expect(stream.ids).toEqual(consecutive(0, events.length));
      }
      for (let i = 0; i < 3; i++) {
        expect(await audit(i, gameId)).toMatchObject({ chain: { intact: true }, resimulation: { identical: true } });
      }
    } finally {
      if (!cluster.isRunning) await cluster.start();
      for (const stream of streams) stream.close();
    }
  }, 180_000);
});
