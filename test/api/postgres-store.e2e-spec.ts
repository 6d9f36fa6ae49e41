import { generateKeyPairSync } from 'node:crypto';
import * as path from 'node:path';
import { PostgresCluster, describeWithPostgres } from '../support/postgres-cluster';
import { REPO_ROOT } from '../support/repo-root';
import { type ApiTestApp, startApi } from './support/api-test-app';
import { countOf, createGame, readEvents, readScenario, setupBody } from './support/scenario.http-player';

describeWithPostgres('the service on a postgres store (e2e, in process)', () => {
  let cluster: PostgresCluster;
  let api: ApiTestApp;

  beforeAll(async () => {
    cluster = await PostgresCluster.create({ settings: { fsync: 'off' } });
    api = await startApi('', {
      store: { kind: 'postgres', postgresUrl: cluster.url(), pollIntervalMs: 100 },
      organiserToken: 'postgres-organiser-token-0123',
      serverSecret: 'postgres-server-secret-01234567',
      receiptKeys: {
        signingKey: generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      },
    });
  });
  afterAll(async () => {
    await api?.close();
    await cluster?.destroy();
  });

  it('takes the next turn’s order sent right after the confirmation that executed the turn (its garbage is collected first)', async () => {
    const scenario = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));
    const { playerTokens } = await createGame(api, setupBody(scenario, 'quick'));
    for (let turn = 1; turn <= 3; turn++) {
      // No waiting between the requests: as soon as blue's confirmation answers, red gives the next order.
      await api
        .as(playerTokens.red)
        .post('/games/quick/orders')
        .send({ player: 'red', attack: { attacker: 'r-sword', victim: 'b-sword' } })
        .expect(201);
      await api.as(playerTokens.red).post('/games/quick/confirm').send({ player: 'red' }).expect(200);
      await api.as(playerTokens.blue).post('/games/quick/confirm').send({ player: 'blue' }).expect(200);
    }
    const events = await readEvents(api, 'quick');
    expect(countOf(events, 'GarbageCollected')).toBeGreaterThanOrEqual(2);
    expect(countOf(events, 'AttackOrdered')).toBe(3);
  });
});
