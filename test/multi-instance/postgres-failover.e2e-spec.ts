/**
 * Issue #29, part 1: a primary and a standby as throwaway clusters, two service instances (`npm start`) on libpq's
 * multi-host URL, an analytics consumer following the store, games playing. The primary is stopped with
 * `-m immediate` and the standby promoted: first with SYNCHRONOUS replication (nothing acknowledged may be lost),
 * then — the former primary rejoined as the new one's standby with pg_rewind — with ASYNCHRONOUS replication,
 * where acknowledged commands are lost, and every reader that had read them is told so instead of resuming past
 * them. The two tests share the clusters and the instances, and run in order.
 *
 * Why it is slow: real servers: a primary and a standby made by pg_basebackup, the loss of one and the promotion of the
 * other, twice (a synchronous standby, then an asynchronous one), the former primary brought back between them as a
 * standby with pg_rewind, and several service instances on them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { GameEventLine, GlobalEventLine } from '@app/games';
import { AnalyticsProcess, waitForCheckpoint } from '../analytics/support/analytics-process';
import { orderBody } from '../api/support/scenario.http-player';
import { SseClient } from '../api/support/sse-client';
import { PostgresCluster, describeWithPostgres } from '../support/postgres-cluster';
import { runSanctum } from '../support/run-cli';
import { ResilientPlayer } from './support/resilient-player';
import { ORGANISER_TOKEN, ServiceInstances, collectionsByTurn, countOf, scenario } from './support/service-instances';

const HOSTS = ['127.0.0.2', '127.0.0.3'];
const consecutive = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);

/** Every turn scheduled once and collected once. */
function collectedOncePerTurn(events: GameEventLine[]): boolean {
  const collected = collectionsByTurn(events);
  return (
    collected.size === countOf(events, 'GarbageCollectionScheduled') &&
    [...collected.values()].every((count) => count === 1)
  );
}

/** The command ids stored for a game, read on one server directly. */
async function storedKeys(cluster: PostgresCluster, gameId: string): Promise<Set<string>> {
  return cluster.withClient(async (client) => {
    const { rows } = await client.query<{ key: string }>(
      `SELECT DISTINCT metadata->>'commandId' AS key FROM sanctum.events WHERE stream = $1`,
      [`game-${gameId}`],
    );
    return new Set(rows.map((row) => row.key));
  });
}

async function eventCount(cluster: PostgresCluster): Promise<number> {
  return cluster.withClient(
    async (client) => (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM sanctum.events`)).rows[0]!.n,
  );
}

describeWithPostgres('failover to a standby: two service instances on a multi-host POSTGRES_URL (e2e)', () => {
  let first: PostgresCluster; // the primary at the start
  let second: PostgresCluster; // its standby, primary after the first failover
  let instances: ServiceInstances;
  let player: ResilientPlayer;
  let url: string;
  let work: string;
  let analytics: AnalyticsProcess | undefined;
  // WAL kept for pg_rewind, which reads back from before the point where the two servers diverged.
  const settings = { fsync: 'off', wal_keep_size: '256MB' };

  beforeAll(async () => {
    first = await PostgresCluster.create({ settings, dataChecksums: true });
    second = await PostgresCluster.standbyOf(first, { settings });
    await first.makeSynchronous();
    url =
      `postgresql://postgres@127.0.0.1:${first.serverPort},127.0.0.1:${second.serverPort}/postgres` +
      '?target_session_attrs=read-write';
    instances = new ServiceInstances(HOSTS, () => ({ EVENT_STORE: 'postgres', POSTGRES_URL: url }));
    await instances.startAll();
    player = new ResilientPlayer(instances);
    work = mkdtempSync(path.join(tmpdir(), 'sanctum-failover-'));
  }, 180_000);

  afterAll(async () => {
    if (process.env.FAILOVER_DEBUG) process.stdout.write(`${instances?.log(0)}\n----\n${instances?.log(1)}\n`);
    await analytics?.kill('SIGKILL');
    await instances?.stopAll();
    await Promise.all([first?.destroy(), second?.destroy()]);
    if (work) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  const health = (i: number) =>
    instances.call(i, 'GET', '/health').then(
      (a) => a.status,
      () => 0,
    );
  const untilHealth = (status: number) =>
    player.untilAnswered(
      () => Promise.all([0, 1].map(health)),
      (statuses) => statuses.every((s) => s === status),
    );
  const audit = (i: number, gameId: string) =>
    instances
      .call<{ chain: { intact: boolean }; resimulation: { identical: boolean } }>(i, 'GET', `/games/${gameId}/audit`, {
        token: ORGANISER_TOKEN,
      })
      .then((answer) => answer.body);

  it('synchronous standby: nothing acknowledged is lost; streams, the consumer and the schedulers carry on; the former primary is not written to', async () => {
    const games = ['sync-a', 'sync-b', 'sync-c', 'sync-d'];
    analytics = AnalyticsProcess.start(
      { store: '', db: path.join(work, 'analytics.db'), extra: { EVENT_STORE: 'postgres', POSTGRES_URL: url } },
      [],
    );
    // Streams opened before the failover, one per instance: every game's events in global order.
    const streams = await Promise.all(
      [0, 1].map((i) => SseClient.open(`${instances.url(i)}/events/stream?token=${ORGANISER_TOKEN}`)),
    );
    let crash: Promise<void> | undefined;
    const crashAfter = 12;
    const playing = Promise.all(
      games.map((gameId) =>
        player.play(gameId, {
          // Once a dozen commands are acknowledged, the primary goes, in the middle of the games.
          onCommand: () => {
            if (crash === undefined && player.acknowledged.length >= crashAfter) crash = first.stop('immediate');
          },
        }),
      ),
    );
    await player.untilAnswered(
      async () => crash !== undefined,
      (started) => started,
      60_000,
    );
    await crash;
    const stoppedAt = Date.now();
    await untilHealth(503);
    const acknowledgedBefore = player.acknowledged.length;
    // The operator (or Patroni) promotes the standby.
    await second.promote();
    const promotedAt = Date.now();
    const recovered = await Promise.all(
      [0, 1].map((i) =>
        player
          .untilAnswered(
            () => health(i),
            (status) => status === 200,
          )
          .then(() => Date.now() - promotedAt),
      ),
    );
    await playing;
    const firstAfter = player.acknowledged.find((a) => a.at >= promotedAt);
    process.stdout.write(
      `failover (synchronous): ${acknowledgedBefore} commands acknowledged before the crash; instances healthy ` +
        `${recovered.join(' and ')} ms after the promotion (${promotedAt - stoppedAt} ms after the crash); first ` +
        `command acknowledged ${firstAfter ? firstAfter.at - promotedAt : '?'} ms after the promotion; ` +
        `${player.unavailable.join('+')} answers 503 or none meanwhile\n`,
    );

    // Every acknowledged command is in the store, under its key.
    for (const gameId of games) {
      const keys = await storedKeys(second, gameId);
      const acknowledged = player.acknowledged.filter((a) => a.gameId === gameId).map((a) => a.key);
      expect(acknowledged.filter((key) => !keys.has(key))).toEqual([]);
    }
    expect(acknowledgedBefore).toBeGreaterThanOrEqual(crashAfter);
    expect(player.unavailable[0]! + player.unavailable[1]!).toBeGreaterThan(0);
    // Every game audits clean on both instances, every turn collected exactly once.
    let total = 0;
    for (const [g, gameId] of games.entries()) {
      const events = await instances.waitForEvents(g % 2, gameId, (e) => countOf(e, 'GarbageCollected') === 2);
      total += events.length;
      expect(collectedOncePerTurn(events)).toBe(true);
      expect(countOf(events, 'TurnEnded')).toBe(2);
      for (const i of [0, 1]) {
        expect(await audit(i, gameId)).toMatchObject({ chain: { intact: true }, resimulation: { identical: true } });
      }
    }
    // The streams opened before the failover went on through it: every event once, in order.
    const positions = await second.withClient(async (client) =>
      (
        await client.query<{ position: number }>(
          `SELECT position::int FROM sanctum.events WHERE stream LIKE 'game-%' ORDER BY position`,
        )
      ).rows.map((row) => row.position),
    );
    expect(positions).toHaveLength(total);
    for (const stream of streams) {
      await stream.waitFor((events) => events.length >= total, 20_000);
      expect(stream.ids).toEqual(positions);
      const lines = stream.data<GlobalEventLine>();
      for (const gameId of games) {
        const revisions = lines.filter((line) => line.gameId === gameId).map((line) => line.revision);
        expect(revisions).toEqual(consecutive(0, revisions.length));
      }
      stream.close();
    }
    // The consumer applied every game event once.
    const checkpoint = await waitForCheckpoint(
      path.join(work, 'analytics.db'),
      (c) => c.position === positions.at(-1),
      analytics,
    );
    expect(checkpoint.events).toBe(total);

    // The former primary is started again, as a primary (nobody made it a standby): the instances must not write
    // to it, even when they look for the primary again (their connections to the new one are cut).
    await first.start();
    const onFormer = await eventCount(first);
    expect(await second.terminateConnections()).toBeGreaterThan(0);
    await player.play('sync-after');
    expect(await eventCount(first)).toBe(onFormer);
    expect((await storedKeys(second, 'sync-after')).size).toBeGreaterThan(0);
    const logs = instances.log(0) + instances.log(1);
    expect(logs).toMatch(
      /accepts writes on timeline 1, older than .* timeline 2: a former primary started again, not used/,
    );
  }, 240_000);

  it('asynchronous standby: what is lost is shown; readers past it are told, the chain stays verifiable, receipts show what was promised', async () => {
    // The former primary comes back as the new primary's standby (pg_rewind), asynchronous: the new primary has no
    // synchronous_standby_names.
    await first.rejoinAsStandbyOf(second);
    const gameId = 'async-game';
    const tokens = await player.play(gameId, { turns: 1 });
    // The standby has everything so far; then it falls behind (its WAL receiver stopped), as an async one may.
    await first.waitUntil(
      `SELECT count(*) = ${await eventCount(second)} AS ok FROM sanctum.events`,
      'the standby to catch up',
    );
    await first.stopReceiving();
    const kept = await eventCount(first);
    const lastKept = (await instances.events(0, gameId)).length - 1;
    const gameStream = await SseClient.open(
      `${instances.url(0)}/games/${gameId}/events/stream?token=${ORGANISER_TOKEN}`,
    );
    const globalStream = await SseClient.open(`${instances.url(1)}/events/stream?token=${ORGANISER_TOKEN}`);
    // Turn 2's orders: acknowledged by the primary, never received by the standby.
    const before = player.acknowledged.length;
    const redOrders = scenario().turns[1]!.orders.red ?? [];
    for (const [o, order] of redOrders.entries()) {
      const answer = await player.send(o % 2, gameId, 'POST', `/games/${gameId}/orders`, {
        token: tokens.red,
        body: orderBody('red', order),
        key: `${gameId}/turn-2/red/${o}`,
      });
      expect(answer.status).toBe(201);
    }
    const promised = player.acknowledged.slice(before);
    const lastPromised = (await instances.events(0, gameId)).length - 1;
    expect(lastPromised).toBeGreaterThan(lastKept);
    await gameStream.waitFor((events) => events.length === lastPromised + 1);
    await globalStream.waitFor((events) => events.some((e) => JSON.parse(e.data).revision === lastPromised));
    await waitForCheckpoint(
      path.join(work, 'analytics.db'),
      (c) => c.position >= Math.max(...globalStream.ids),
      analytics,
    );

    // The primary goes; the lagging standby is promoted.
    await second.stop('immediate');
    await untilHealth(503);
    await first.promote();
    await untilHealth(200);

    // What is lost: exactly the commands acknowledged while the standby was not receiving.
    const keys = await storedKeys(first, gameId);
    expect(promised.map((a) => a.key).filter((key) => keys.has(key))).toEqual([]);
    expect(await eventCount(first)).toBe(kept);
    // Both instances say so in their logs, each with the positions it saw lost. Each records its own range, so the
    // resumes below wait for both: the global stream read the last lost position through instance 1 alone.
    await player.untilAnswered(
      async () => [instances.log(0), instances.log(1)],
      (logs) => logs.every((log) => /the failover lost events/.test(log)),
    );
    // Open streams whose checkpoint is gone end with an explicit error, not a silent wait.
    await gameStream.ended;
    await globalStream.ended;
    expect(gameStream.named.at(-1)).toMatchObject({ event: 'error', after: gameStream.events.length });
    expect(gameStream.named.at(-1)?.data).toMatch(/cannot resume after/);
    expect(globalStream.named.at(-1)).toMatchObject({ event: 'error', after: globalStream.events.length });
    // The analytics consumer, whose checkpoint is past the new end, stops and says why.
    const stopped = await analytics!.exited;
    analytics = undefined;
    expect(stopped.code).not.toBe(0);
    expect(stopped.stderr).toMatch(/CheckpointAheadOfStoreError|cannot resume after position/);
    // A client resuming with a lost position is refused, even once new events reuse those positions.
    const lostPosition = Math.max(...globalStream.ids.filter((id) => !Number.isNaN(id)));
    const resume = (i: number, headers: Record<string, string>, pathName = '/events/stream') =>
      SseClient.open(`${instances.url(i)}${pathName}?token=${ORGANISER_TOKEN}`, headers).then(
        (client) => {
          client.close();
          return 200;
        },
        (error: { status?: number }) => error.status,
      );
    expect(await resume(0, { 'Last-Event-ID': String(lostPosition) })).toBe(409);
    expect(await resume(1, { 'Last-Event-ID': String(lastPromised) }, `/games/${gameId}/events/stream`)).toBe(409);

    // The players kept their receipts: those of the lost orders show what they were promised, and that the
    // stored game no longer holds it (its chain, as far as it goes, still verifies).
    const receipts = path.join(work, 'red.jsonl');
    writeFileSync(receipts, promised.map((a) => `${JSON.stringify(a.body.receipt)}\n`).join(''));
    const verify = () =>
      runSanctum(['verify', gameId, '--receipts', receipts, '--key', `${instances.url(0)}/.well-known/sanctum-keys`], {
        env: { EVENT_STORE: 'postgres', POSTGRES_URL: url, LOG_LEVEL: 'error' },
      });
    const broken = await verify();
    expect(broken.exitCode).toBe(3);
    expect(broken.stdout).toMatch(new RegExp(`ends at revision ${lastKept}: revision \\d+ is missing`));
    expect(await audit(0, gameId)).toMatchObject({ chain: { intact: true }, resimulation: { identical: true } });

    // The game goes on from what was kept: the lost orders sent again (same keys) are recorded now — the same
    // events, so the receipts hold again — and the schedulers collect the turn once.
    await player.play(gameId, { from: 1, tokens });
    expect(await eventCount(first)).toBeGreaterThan(kept);
    expect(await resume(0, { 'Last-Event-ID': String(lostPosition) })).toBe(409);
    const page = await instances.call(1, 'GET', `/events?after=${lostPosition}`, { token: ORGANISER_TOKEN });
    expect(page.status).toBe(409);
    expect(page.body.message).toMatch(/cannot resume after position/);
    const events = await instances.waitForEvents(1, gameId, (e) => countOf(e, 'GarbageCollected') === 2);
    expect(collectedOncePerTurn(events)).toBe(true);
    expect(await audit(0, gameId)).toMatchObject({ chain: { intact: true }, resimulation: { identical: true } });
    expect((await verify()).exitCode).toBe(0);
  }, 240_000);
});
