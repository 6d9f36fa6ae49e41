import * as path from 'node:path';
import { REPO_ROOT } from '../support/repo-root';
import { EsdbStandIn } from '../event-store/esdb-stand-in/esdb-stand-in.server';
import { type ApiTestApp, startApi } from './support/api-test-app';
import { countOf, playScenario, readEvents, readScenario } from './support/scenario.http-player';

const SCENARIO = 'examples/bolt-and-blade.scenario.json';
/** Given, so that no secrets file is written (on esdb it would go to ./data/). */
const secrets = { organiserToken: 'organiser-token-for-esdb-tests', serverSecret: 'server-secret-for-esdb-tests' };

describe('the service on the esdb adapter ↔ gRPC protocol stand-in (e2e; not EventStoreDB)', () => {
  let standIn: EsdbStandIn;
  let api: ApiTestApp | undefined;
  const start = () =>
    startApi('(esdb)', { store: { kind: 'esdb', esdbConnectionString: standIn.connectionString() }, ...secrets });

  beforeEach(async () => {
    standIn = await EsdbStandIn.start();
  });

  afterEach(async () => {
    await api?.close();
    api = undefined;
    await standIn.stop();
  });

  it('plays a whole game, its garbage collected by the scheduler’s live subscription; lists it; refuses a bogus Last-Event-ID', async () => {
    api = await start();
    await playScenario(api, readScenario(path.join(REPO_ROOT, SCENARIO)), 'on-esdb');
    const events = await readEvents(api, 'on-esdb');
    expect(countOf(events, 'GarbageCollected')).toBe(2);
    expect((await api.organiser.get('/games').expect(200)).body).toMatchObject({ games: [{ gameId: 'on-esdb' }] });
    const bogus = await api.organiser.get('/events/stream').set('Last-Event-ID', '4097');
    expect(bogus.status).toBe(400);
    expect(bogus.body.message).toBe('position 4097 is not the position of an event in this store');
    // One shared subscription (the scheduler's) and the client's BatchAppend stream: nothing else left open.
    expect(standIn.openCalls).toBe(2);
  });

  it('a user who may not read $all: the service does not start, and says why', async () => {
    standIn.behaviour.denyAllReads = true;
    await expect(start()).rejects.toThrow(
      /^event store configuration: access denied reading \$all: the user in ESDB_CONNECTION_STRING needs/,
    );
  });
});
