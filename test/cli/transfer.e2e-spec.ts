import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SqliteEventStore } from '@app/event-store';
import { REPO_ROOT } from '../support/repo-root';
import { runSanctumOnTerminal } from '../support/run-cli';
import type { CliRun } from '../support/run-cli';
import { unchainedMetadata } from '../support/unchained-metadata';
import { chainedScenario, runAll, sqliteEnv, storeScenarioGame } from './replay-transfer.cli-runner';

const EXAMPLE = path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json');
const GAME_ID = 'demo';
/** Another game, stored under the same id. */
const OTHER = path.join(REPO_ROOT, 'test/scenarios/fixtures/d0-magical-missile-passes-missile-ward.scenario.json');

/** The streams a SQLite store file holds (read in-process, after the CLI is done with it). */
async function streamsIn(file: string): Promise<string[]> {
  const store = new SqliteEventStore({ path: file });
  try {
    return await store.listStreams();
  } finally {
    await store.close();
  }
}

/**
 * `sanctum export` / `sanctum import` end to end, between SQLite files (SQLITE_PATH): a byte-identical round
 * trip, a tampered or cut file refused before anything is written (exit 3), an existing game refused (exit 1)
 * with an interrupted import told apart and finished by --resume, and renaming refused (exit 2).
 */
describe('sanctum export / import (CLI end to end)', () => {
  let dir: string;
  const file = (name: string): string => path.join(dir, name);
  let runs: Record<string, CliRun>;
  /** What the origin store holds, as export must print it: the chained events as JSON lines. */
  let expected: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-transfer-'));
    const chained = chainedScenario(EXAMPLE, GAME_ID);
    await storeScenarioGame(file('origin.db'), EXAMPLE, GAME_ID);
    // An import cut short after its first batch would leave such a prefix.
    await storeScenarioGame(file('partial.db'), EXAMPLE, GAME_ID, 40);
    await storeScenarioGame(file('other.db'), OTHER, GAME_ID);
    const lines = chained.map((event, revision) =>
      JSON.stringify({ revision, type: event.type, data: event.data, metadata: event.metadata }),
    );
    expected = lines.map((line) => `${line}\n`).join('');
    fs.writeFileSync(file('game.jsonl'), expected);
    // Revision 15 is the bolt's damage: 3 → 0 HP becomes 3 → 1 HP, the hash left as it was.
    const tampered = [...lines];
    tampered[15] = tampered[15].replace('"hpAfter":0', '"hpAfter":1');
    fs.writeFileSync(file('tampered.jsonl'), `${tampered.join('\n')}\n`);
    fs.writeFileSync(file('cut.jsonl'), `${lines.filter((_, revision) => revision !== 30).join('\n')}\n`);
    const simulated = chained.map((event, revision) => {
      const { prevHash: _p, hash: _h, ...metadata } = event.metadata as unknown as Record<string, unknown>;
      return JSON.stringify({ revision, type: event.type, data: event.data, metadata });
    });
    fs.writeFileSync(file('simulated.jsonl'), `${simulated.join('\n')}\n`);
    const forged = [...simulated];
    forged[15] = forged[15].replace('"hpAfter":0', '"hpAfter":1');
    fs.writeFileSync(file('forged-simulation.jsonl'), `${forged.join('\n')}\n`);

    runs = await runAll({
      exported: { args: ['export', GAME_ID], env: sqliteEnv(file('origin.db')) },
      imported: { args: ['import', file('game.jsonl')], env: sqliteEnv(file('copy.db')) },
      tampered: { args: ['import', file('tampered.jsonl')], env: sqliteEnv(file('tampered.db')) },
      cut: { args: ['import', file('cut.jsonl')], env: sqliteEnv(file('cut.db')) },
      unchained: { args: ['import', file('simulated.jsonl')], env: sqliteEnv(file('unchained.db')) },
      forged: { args: ['import', file('forged-simulation.jsonl')], env: sqliteEnv(file('forged.db')) },
      identical: { args: ['import', file('game.jsonl')], env: sqliteEnv(file('origin.db')) },
      exists: { args: ['import', file('game.jsonl')], env: sqliteEnv(file('other.db')) },
      interrupted: { args: ['import', file('game.jsonl')], env: sqliteEnv(file('partial.db')) },
      renamed: { args: ['import', file('game.jsonl'), '--game-id', 'other'], env: sqliteEnv(file('renamed.db')) },
      unknown: { args: ['export', 'no-such-game'], env: sqliteEnv(file('origin.db')) },
      memory: { args: ['import', file('game.jsonl')], env: { EVENT_STORE: 'memory' } },
    });
    // These need the first round's results: the copy made by `imported`, the refusal of `interrupted`.
    Object.assign(
      runs,
      await runAll({
        reExported: { args: ['export', GAME_ID], env: sqliteEnv(file('copy.db')) },
        unchainedExported: { args: ['export', GAME_ID], env: sqliteEnv(file('unchained.db')) },
        unchainedVerified: { args: ['verify', GAME_ID], env: sqliteEnv(file('unchained.db')) },
        unchainedAgain: { args: ['import', file('simulated.jsonl')], env: sqliteEnv(file('unchained.db')) },
        resumed: { args: ['import', file('game.jsonl'), '--resume'], env: sqliteEnv(file('partial.db')) },
      }),
    );
    const [importOnTerminal, verifyOnTerminal] = await Promise.all([
      runSanctumOnTerminal(['import', file('game.jsonl')], { env: sqliteEnv(file('terminal.db')) }),
      runSanctumOnTerminal(['verify', GAME_ID], { env: sqliteEnv(file('origin.db')) }),
    ]);
    Object.assign(runs, { importOnTerminal, verifyOnTerminal });
  }, 300_000);

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('export prints one {revision, type, data, metadata} line per event, metadata with prevHash and hash', () => {
    const { exitCode, stdout, stderr } = runs.exported;
    expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: '' });
    expect(stdout).toBe(expected);
    const first = JSON.parse(stdout.split('\n')[0]);
    expect(Object.keys(first)).toEqual(['revision', 'type', 'data', 'metadata']);
    expect(first.metadata).toHaveProperty('prevHash');
    expect(first.metadata).toHaveProperty('hash');
  });

  it('export → import into another SQLite file → export again gives byte-identical files', async () => {
    expect(runs.imported.exitCode).toBe(0);
    expect(runs.imported.stdout).toContain(`imported game ${GAME_ID}: 71 events, revisions 0–70`);
    expect(runs.imported.stderr).toBe(''); // no progress bar: stderr is not a terminal
    expect(runs.reExported.exitCode).toBe(0);
    expect(Buffer.from(runs.reExported.stdout).equals(Buffer.from(runs.exported.stdout))).toBe(true);
    expect(await streamsIn(file('copy.db'))).toEqual([`game-${GAME_ID}`]);
  });

  it('a tampered event is refused, naming its revision (exit 3), and nothing is written', async () => {
    const { exitCode, stdout, stderr } = runs.tampered;
    expect({ exitCode, stdout }).toEqual({ exitCode: 3, stdout: '' });
    expect(stderr).toMatch(/tampered\.jsonl:16: the hash chain is broken at revision 15: hash mismatch/);
    expect(stderr).toContain('Nothing was imported');
    expect(await streamsIn(file('tampered.db'))).toEqual([]);
  });

  it('a deleted event is refused at the first revision it breaks (exit 3), nothing written', async () => {
    expect(runs.cut.exitCode).toBe(3);
    expect(runs.cut.stderr).toContain('the hash chain is broken at revision 30: missing revision');
    expect(await streamsIn(file('cut.db'))).toEqual([]);
  });

  it('simulate output (no chain links) is re-simulated, then chained with a chain secret of its own, as the service would', () => {
    const { exitCode, stdout } = runs.unchained;
    expect(exitCode).toBe(0);
    expect(stdout).toContain(`imported game ${GAME_ID}: 71 events, revisions 0–70`);
    expect(stdout).toContain('(re-simulated identically, then chained)');
    // Chained as the service chains a game it creates: a chain secret of its own, recorded at revision 0 and keying
    // the genesis; apart from it and the links, the events are those of the original game.
    const unlinked = (text: string) =>
      text
        .trim()
        .split('\n')
        .map((line) => {
          const { metadata, ...event } = JSON.parse(line) as { metadata: Record<string, unknown> };
          return { event, metadata: unchainedMetadata(metadata), chainSecret: metadata.chainSecret };
        });
    const imported = unlinked(runs.unchainedExported.stdout);
    expect(imported[0]?.chainSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(imported.slice(1).every((line) => line.chainSecret === undefined)).toBe(true);
    expect(imported.map(({ event, metadata }) => ({ event, metadata }))).toEqual(
      unlinked(expected).map(({ event, metadata }) => ({ event, metadata })),
    );
    expect(runs.unchainedExported.stdout).not.toBe(expected);
    expect(runs.unchainedVerified.exitCode).toBe(0);
    // Imported again into the same store, it is chained with the stored game's secret: the same record.
    expect(runs.unchainedAgain.exitCode).toBe(0);
    expect(runs.unchainedAgain.stdout).toContain('identical');
  });

  it('simulate output the engine does not derive is refused at its first divergence (exit 3), nothing written', async () => {
    const { exitCode, stdout, stderr } = runs.forged;
    expect({ exitCode, stdout }).toEqual({ exitCode: 3, stdout: '' });
    expect(stderr).toContain('forged-simulation.jsonl:16: re-simulation differs at revision 15');
    expect(stderr).toContain('"hpAfter":0');
    expect(stderr).toContain('Nothing was imported');
    expect(await streamsIn(file('forged.db'))).toEqual([]);
  });

  it('importing the very game the store holds is no error: exit 0, "already present, identical", nothing written', async () => {
    const { exitCode, stdout, stderr } = runs.identical;
    expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: '' });
    expect(stdout).toContain(`game ${GAME_ID} already present in the sqlite store ${file('origin.db')}, identical`);
    expect(stdout).toContain('nothing imported');
    expect(await streamsIn(file('origin.db'))).toEqual([`game-${GAME_ID}`]);
  });

  it('another game under the same id in the target store is refused (exit 1), the store unchanged', async () => {
    const { exitCode, stdout, stderr } = runs.exists;
    expect({ exitCode, stdout }).toEqual({ exitCode: 1, stdout: '' });
    expect(stderr).toContain(`game ${GAME_ID} already exists in the sqlite store ${file('other.db')}`);
    expect(stderr).toContain(`it is not the game in ${file('game.jsonl')}: nothing was imported`);
    const store = new SqliteEventStore({ path: file('other.db') });
    try {
      expect((await store.readStream(`game-${GAME_ID}`)).length).toBe(chainedScenario(OTHER, GAME_ID).length);
    } finally {
      await store.close();
    }
  });

  it('on a terminal, import and verify show their progress in events on stderr (piped: nothing, see above)', () => {
    expect(runs.importOnTerminal.exitCode).toBe(0);
    expect(runs.importOnTerminal.stdout).toContain(`verifying ${file('game.jsonl')} [`);
    expect(runs.importOnTerminal.stdout).toMatch(/\| \d+\/71 events \|/);
    expect(runs.importOnTerminal.stdout).toContain(`imported game ${GAME_ID}: 71 events`);
    expect(runs.verifyOnTerminal.exitCode).toBe(0);
    expect(runs.verifyOnTerminal.stdout).toMatch(new RegExp(`verifying ${GAME_ID} \\[.*\\| 71/71 events \\|`));
    expect(runs.verifyOnTerminal.stdout).toContain('verdict: VERIFIED');
  });

  it('an interrupted import is recognised (exit 1, with the revisions) and finished with --resume', () => {
    expect(runs.interrupted.exitCode).toBe(1);
    expect(runs.interrupted.stderr).toContain('with revisions 0–39 of the 71');
    expect(runs.interrupted.stderr).toContain('Run it again with --resume to append revisions 40–70');
    expect(runs.resumed.exitCode).toBe(0);
    expect(runs.resumed.stdout).toContain('the remaining 31 events (of 71), revisions 40–70');
  });

  it('renaming is refused (exit 2): the id is part of every event and of the chain', () => {
    expect(runs.renamed.exitCode).toBe(2);
    expect(runs.renamed.stderr).toContain(`--game-id other: ${file('game.jsonl')} holds game ${GAME_ID}`);
    expect(fs.existsSync(file('renamed.db'))).toBe(false);
  });

  it('export of an unknown game exits 2; import into the memory store works as a dry run', () => {
    expect(runs.unknown.exitCode).toBe(2);
    expect(runs.unknown.stderr).toContain('game no-such-game not found in the sqlite store');
    expect(runs.memory.exitCode).toBe(0);
    expect(runs.memory.stdout).toContain('into the memory store');
    expect(runs.memory.stderr).toContain('dry run');
  });
});
