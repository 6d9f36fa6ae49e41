import * as path from 'node:path';
import { Client } from 'pg';
import { DAMAGED_EVENT, gameStream, generateSigningKeyPem } from '@app/games';
import { type ApiTestApp, startApi } from '../api/support/api-test-app';
import { SseClient } from '../api/support/sse-client';
import { createGame, readScenario, setupBody } from '../api/support/scenario.http-player';
import { PostgresCluster, describeWithPostgres } from '../support/postgres-cluster';
import { REPO_ROOT } from '../support/repo-root';

const scenario = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));

/**
 * Issue #23 on PostgreSQL: a row of one game forged to `data: null` made the public global stream send the events
 * before it, then `event: error` — and a consumer resuming with Last-Event-ID met it again, for ever. Now the stream
 * shows a stand-in there and goes on, and so does a consumer resuming after it.
 */
describeWithPostgres('a forged row on PostgreSQL: the global stream goes on past it (e2e)', () => {
  let cluster: PostgresCluster;
  let api: ApiTestApp;
  let total: number;
  let forgedPosition: number;

  beforeAll(async () => {
    cluster = await PostgresCluster.create({ settings: { fsync: 'off' } });
    const options = {
      store: { kind: 'postgres' as const, postgresUrl: cluster.url(), pollIntervalMs: 100 },
      organiserToken: 'forged-organiser-token-0123',
      serverSecret: 'forged-server-secret-01234567',
      receiptKeys: { signingKey: generateSigningKeyPem() },
    };
    let first = await startApi('', options);
    for (const gameId of ['forged', 'sound']) {
      const { playerTokens } = await createGame(first, setupBody(scenario, gameId));
      await first.as(playerTokens.red).post(`/games/${gameId}/confirm`).send({ player: 'red' }).expect(200);
      await first.as(playerTokens.blue).post(`/games/${gameId}/confirm`).send({ player: 'blue' }).expect(200);
    }
    await first.close();
    const client = new Client({ connectionString: cluster.url() });
    await client.connect();
    const forged = await client.query<{ position: string }>(
      "UPDATE sanctum.events SET data = 'null' WHERE stream = $1 AND revision = 8 RETURNING position",
      [gameStream('forged')],
    );
    forgedPosition = Number(forged.rows[0]!.position);
    total = Number(
      (await client.query("SELECT count(*) AS n FROM sanctum.events WHERE stream LIKE 'game-%'")).rows[0].n,
    );
    await client.end();
    first = await startApi('', options);
    api = first;
  });

  afterAll(async () => {
    await api?.close();
    await cluster?.destroy();
  });

  it('the public global stream delivers every event, the forged one as a stand-in, and a resume after it goes on', async () => {
    const lines = await SseClient.read(`${api.url}/events/stream`, {}, total);
    expect(lines).toHaveLength(total);
    const standIn = lines.find((event) => Number(event.id) === forgedPosition)!;
    expect(JSON.parse(standIn.data)).toMatchObject({ type: DAMAGED_EVENT, gameId: 'forged', revision: 8 });
    const after = lines.filter((event) => Number(event.id) > forgedPosition - 1).map((event) => event.id);
    const resumed = await SseClient.read(
      `${api.url}/events/stream`,
      { 'Last-Event-ID': String(forgedPosition - 1) },
      after.length,
    );
    expect(resumed.map((event) => event.id)).toEqual(after);
  });

  it('the public event list answers every event too, and the forged game’s own doors name the revision', async () => {
    const { events } = (await api.as().get('/events?limit=5000').expect(200)).body as { events: { type: string }[] };
    expect(events).toHaveLength(total);
    const answer = await api.as().get('/games/forged/events').expect(500);
    expect(answer.body).toMatchObject({ damagedRevision: 8 });
    await api.as().get('/games/sound/events').expect(200);
  });
});
