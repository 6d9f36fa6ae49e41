/**
 * `sanctum verify`: exports, a file of the API's events, scenario files and the configured store, clean and edited.
 *
 * Why it is slow: each check is a `sanctum` process of its own, as a judge types it.
 */
import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gameStream, storedGameEvent } from '@app/games';
import { GamesHarness, exampleScenario, playScenario } from '../../libs/games/test/games-testing';
import { REPO_ROOT } from '../support/repo-root';
import { type CliRun, runSanctum } from '../support/run-cli';

/** `sanctum verify …` with its own environment (the store to read). */
const runVerify = (args: string[], env: Record<string, string> = {}): Promise<CliRun> =>
  runSanctum(['verify', ...args], { env });

/**
 * `sanctum verify GAME|FILE` end to end: games are played through the games layer into a SQLite file, exported as
 * `GET /games/:id/events` gives them (with prevHash/hash), then verified from the file and from the store.
 */
describe('sanctum verify (CLI end to end)', () => {
  let dir: string;
  const file = (name: string): string => path.join(dir, name);
  const runs: Record<string, CliRun> = {};
  let editedRevision: number;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-verify-'));
    const store = { EVENT_STORE: 'sqlite', SQLITE_PATH: file('store.db') };
    const harness = await GamesHarness.start({ store: { kind: 'sqlite', sqlitePath: store.SQLITE_PATH } });
    let lines: string[];
    try {
      for (const gameId of ['demo', 'edited']) {
        await playScenario(harness, exampleScenario(), gameId);
      }
      const events = (await harness.store.readStream(gameStream('demo'))).map(storedGameEvent);
      lines = events.map((event) => JSON.stringify(event));
      fs.writeFileSync(file('events.json'), JSON.stringify({ gameId: 'demo', events }));
    } finally {
      await harness.close();
    }
    fs.writeFileSync(file('demo.jsonl'), `${lines.join('\n')}\n`);
    editedRevision = lines.findIndex((line) => line.includes('"type":"DamageApplied"'));
    const tampered = [...lines];
    tampered[editedRevision] = tampered[editedRevision].replace('"amount":3', '"amount":4');
    fs.writeFileSync(file('tampered.jsonl'), `${tampered.join('\n')}\n`);
    fs.writeFileSync(file('bad.jsonl'), `${lines[0]}\n{"revision": 1, "type": \n`);
    const db = new Database(store.SQLITE_PATH);
    try {
      db.prepare(
        `UPDATE events SET data = replace(data, '"amount":3', '"amount":4') WHERE stream = ? AND revision = ?`,
      ).run(gameStream('edited'), editedRevision);
    } finally {
      db.close();
    }

    const jobs: Record<string, () => Promise<CliRun>> = {
      clean: () => runVerify([file('demo.jsonl')]),
      tampered: () => runVerify([file('tampered.jsonl')]),
      asJson: () => runVerify([file('events.json'), '--json']),
      scenario: () => runVerify([path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json')]),
      stored: () => runVerify(['demo'], store),
      storedEdited: () => runVerify(['edited'], store),
      unknownGame: () => runVerify(['nowhere'], store),
      noStore: () => runVerify(['demo'], { ...store, SQLITE_PATH: file('absent/store.db') }),
      badLine: () => runVerify([file('bad.jsonl')]),
    };
    // All at once: runSanctum starts a few at a time.
    const names = Object.keys(jobs);
    const results = await Promise.all(names.map((name) => jobs[name]()));
    names.forEach((name, i) => (runs[name] = results[i]));
  }, 120_000);

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('T1, T2: a clean export verifies: exit 0, chain intact, re-simulation identical', () => {
    const { exitCode, stdout, stderr } = runs.clean;
    expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: '' });
    expect(stdout).toContain('game demo (');
    expect(stdout).toMatch(/hash chain: +intact/);
    expect(stdout).toMatch(/re-simulation: identical \(13 commands re-run\)/);
    expect(stdout).toContain('verdict: VERIFIED');
  });

  it('D4: one byte edited on one line of the export → exit 3, naming the revision in both checks', () => {
    const { exitCode, stdout } = runs.tampered;
    expect(exitCode).toBe(3);
    expect(stdout).toContain(`hash chain:    BROKEN at revision ${editedRevision}: hash mismatch`);
    expect(stdout).toContain(`re-simulation: DIVERGES at revision ${editedRevision}: event differs`);
    expect(stdout).toMatch(/expected: .*"amount":3/);
    expect(stdout).toMatch(/found: +.*"amount":4/);
    expect(stdout).toContain(`verdict: NOT VERIFIED: the record does not hold from revision ${editedRevision} on`);
  });

  it('reads the events of the HTTP API as a .json file, and prints the report as JSON with --json', () => {
    expect(runs.asJson.exitCode).toBe(0);
    expect(JSON.parse(runs.asJson.stdout)).toMatchObject({
      gameId: 'demo',
      chain: { intact: true, firstBrokenRevision: null },
      resimulation: { identical: true, firstDivergence: null },
    });
  });

  it('verifies a scenario file (simulated, chained, then audited: a self-check)', () => {
    expect(runs.scenario.exitCode).toBe(0);
    expect(runs.scenario.stdout).toContain('game bolt-and-blade');
    expect(runs.scenario.stdout).toContain('verdict: VERIFIED');
  });

  it('verifies a game in the configured store (EVENT_STORE / SQLITE_PATH): 0 when clean, 3 when edited in the file', () => {
    expect(runs.stored.exitCode).toBe(0);
    expect(runs.stored.stdout).toContain('verdict: VERIFIED');
    expect(runs.storedEdited.exitCode).toBe(3);
    expect(runs.storedEdited.stdout).toContain(`BROKEN at revision ${editedRevision}`);
  });

  it('exits 2 on unusable input: an unknown game, a store that does not exist (not created), a line that is not JSON', () => {
    expect(runs.unknownGame.exitCode).toBe(2);
    expect(runs.unknownGame.stderr).toContain('game nowhere not found in the sqlite store');
    expect(runs.noStore.exitCode).toBe(2);
    expect(runs.noStore.stderr).toContain('game demo not found: there is no sqlite store /');
    expect(fs.existsSync(file('absent'))).toBe(false);
    expect(runs.badLine.exitCode).toBe(2);
    expect(runs.badLine.stderr).toContain(`${file('bad.jsonl')}:2: not valid JSON`);
  });
});
