import * as fs from 'node:fs';
import * as path from 'node:path';
import type { GameEventLine } from '@app/games';
import { makeTempDir, removeTempDir, startApi, type ApiTestApp } from '../api/support/api-test-app';
import { REPO_ROOT } from '../support/repo-root';
import type { CliRun } from '../support/run-cli';
import { unchainedMetadata } from '../support/unchained-metadata';
import { chainedScenario, runAll } from './replay-transfer.cli-runner';

const EXAMPLE = path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json');
const FIXTURES = path.join(REPO_ROOT, 'test/scenarios/fixtures');
const EXPECTED_REFUSAL = path.join(FIXTURES, 's5-duplicate-order-expected-rejection.scenario.json');
const REFUSED = path.join(FIXTURES, 's5-duplicate-order-refused.scenario.json');
const CANCELLED = path.join(FIXTURES, 's3-s4-s12-cancel-and-discard.scenario.json');
const RESIGNATION = path.join(FIXTURES, 'a-resignation-ends-the-game.scenario.json');

function simulated(file: string, gameId: string): GameEventLine[] {
  return chainedScenario(file, gameId).map((event, revision) => ({ revision, ...event }) as unknown as GameEventLine);
}

/**
 * The events without what differs by design: the service's scheduler runs each garbage collection under its own
 * command id (simulate names it after the turn), and the chain's hashes cover those ids.
 */
function comparable(events: GameEventLine[]): unknown[] {
  return events.map(({ metadata, ...event }) => {
    const { commandId, causationId, ...rest } = unchainedMetadata(metadata);
    const collection = String(commandId).includes('collect');
    return { ...event, metadata: collection ? rest : { ...rest, commandId, causationId } };
  });
}

/**
 * `sanctum play FILE --url --token` end to end: the CLI process loads scenario files into the real HTTP service
 * (listening on a local port, on a SQLite file); the stored games are then read back over HTTP.
 */
describe('sanctum play (CLI end to end, against the running service)', () => {
  let dir: string;
  let api: ApiTestApp;
  let runs: Record<string, CliRun>;
  let storedAfterFirstRun: GameEventLine[];

  const events = async (gameId: string): Promise<GameEventLine[]> => {
    const response = await api.organiser.get(`/games/${gameId}/events`).expect(200);
    const stored = (response.body as { events: GameEventLine[] }).events;
    expect(stored[0]?.metadata.chainSecret).toMatch(/^[0-9a-f]{64}$/);
    return stored;
  };

  beforeAll(async () => {
    dir = makeTempDir();
    api = await startApi(path.join(dir, 'games.db'));
    const service = ['--url', api.url, '--token', api.organiserToken];
    // A file that parses, with a set-up the rules refuse: one minion id in two groups.
    const badSetup = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8'));
    badSetup.board.groups[1].minions[0].id = badSetup.board.groups[0].minions[0].id;
    fs.writeFileSync(path.join(dir, 'bad-setup.scenario.json'), JSON.stringify(badSetup));
    runs = await runAll({
      played: { args: ['play', EXAMPLE, ...service] },
      named: { args: ['play', EXPECTED_REFUSAL, ...service, '--game-id', 'expected-refusal'] },
      resigned: { args: ['play', RESIGNATION, ...service, '--game-id', 'resigned'] },
      refused: { args: ['play', REFUSED, ...service, '--game-id', 'refused'] },
      cancelled: { args: ['play', CANCELLED, ...service, '--game-id', 'cancelled'] },
      badToken: { args: ['play', EXAMPLE, '--url', api.url, '--token', 'not-the-token', '--game-id', 'bad-token'] },
      unreachable: { args: ['play', EXAMPLE, '--url', 'http://127.0.0.1:9', '--token', 'x'] },
      badSetup: { args: ['play', path.join(dir, 'bad-setup.scenario.json'), ...service] },
      notAUrl: { args: ['play', EXAMPLE, '--url', 'localhost 3000', '--token', 'x'] },
    });
    // A first load that failed says why here, rather than as a game the reads below cannot find.
    if (runs.played.exitCode !== 0) {
      throw new Error(`sanctum play exited ${runs.played.exitCode}:\n${runs.played.stdout}${runs.played.stderr}`);
    }
    storedAfterFirstRun = await events('bolt-and-blade');
    // The same file again (an interrupted load run once more), and another file under the same id.
    Object.assign(
      runs,
      await runAll({
        again: { args: ['play', EXAMPLE, ...service] },
        taken: { args: ['play', EXPECTED_REFUSAL, ...service, '--game-id', 'bolt-and-blade'] },
      }),
    );
  }, 300_000);

  afterAll(async () => {
    await api?.close();
    if (dir) removeTempDir(dir);
  });

  it('creates the game, plays every turn, and prints the game id and its replay page', () => {
    const { exitCode, stdout } = runs.played;
    expect(exitCode).toBe(0);
    const turns = (JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')) as { turns: unknown[] }).turns.length;
    const last = chainedScenario(EXAMPLE, 'bolt-and-blade').length - 1;
    expect(stdout).toBe(
      `game bolt-and-blade: ${turns} turns played, revision ${last}\nreplay: ${api.url}/replay/bolt-and-blade\n`,
    );
    expect(runs.played.stderr).toContain(`turn ${turns} played (revision ${last})`);
  });

  it("the stored game is event for event what simulate prints (the collections under the service's ids)", async () => {
    expect(comparable(await events('bolt-and-blade'))).toEqual(comparable(simulated(EXAMPLE, 'bolt-and-blade')));
    const audit = await api.organiser.get('/games/bolt-and-blade/audit').expect(200);
    expect(audit.body.resimulation.identical).toBe(true);
  });

  it('--game-id names the game; an order marked expectRejected that the service refuses is noted and skipped', async () => {
    expect(runs.named.exitCode).toBe(0);
    expect(runs.named.stderr).toMatch(/turns\[0\]\.orders\.\w+\[\d\] rejected as expected: rule S5/);
    expect(comparable(await events('expected-refusal'))).toEqual(
      comparable(simulated(EXPECTED_REFUSAL, 'expected-refusal')),
    );
  });

  it('S3/S4/S12: a cancel in a turn is the DELETE of that order, by the id the service gave it: the stored game is what simulate prints', async () => {
    expect(runs.cancelled.exitCode).toBe(0);
    const stored = await events('cancelled');
    expect(stored.map((event) => event.type)).toEqual(expect.arrayContaining(['SpellUntargeted', 'DiscardCancelled']));
    expect(comparable(stored)).toEqual(comparable(simulated(CANCELLED, 'cancelled')));
  });

  it('[A] a turn that ends the game is played as its resignation, and the stored game is what simulate prints', async () => {
    expect(runs.resigned.exitCode).toBe(0);
    expect(runs.resigned.stderr).toMatch(/turn 2: the game ended \(revision \d+\)/);
    const stored = await events('resigned');
    expect(comparable(stored)).toEqual(comparable(simulated(RESIGNATION, 'resigned')));
    expect(stored.at(-1)).toMatchObject({ type: 'GameEnded', data: { winner: 'red', reason: 'resignation' } });
  });

  it('an order the rules refuse stops the load (exit 1), naming its place and rule', () => {
    expect(runs.refused.exitCode).toBe(1);
    expect(runs.refused.stderr).toMatch(/turns\[0\]\.orders\.\w+\[\d\]: rule S5: /);
    expect(runs.refused.stdout).toBe('');
  });

  it.each([
    ['badToken', 2, '--token: GET /games/bad-token/events?to=0: the service answered 401'],
    ['unreachable', 69, 'cannot reach the service at http://127.0.0.1:9/'],
    ['notAUrl', 2, '--url localhost 3000: not a URL'],
    ['badSetup', 2, 'bad-setup.scenario.json: the rules refuse the set-up: board.groups[1].minions[0].id: id'],
    ['taken', 1, "game bolt-and-blade already exists in the service with another set-up than the file's"],
  ])('%s: exit %i', (name, exitCode, message) => {
    const { stdout, stderr } = runs[name];
    expect({ exitCode: runs[name].exitCode, stdout, stderr }).toEqual({
      exitCode,
      stdout: '',
      stderr: expect.stringContaining(message),
    });
  });

  it('the same file again is answered from the first run (Idempotency-Key): exit 0, nothing recorded twice', async () => {
    expect(runs.again.exitCode).toBe(0);
    expect(runs.again.stdout).toBe(runs.played.stdout);
    expect(await events('bolt-and-blade')).toEqual(storedAfterFirstRun);
  });

  it('a refused token or set-up creates nothing', async () => {
    await api.organiser.get('/games/bad-token/events').expect(404);
    await api.organiser.get('/games/bad-setup/events').expect(404);
  });
});
