import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fold } from '@app/rules';
import type { DomainEvent, GameState } from '@app/rules';
import { REPO_ROOT } from '../support/run-cli';
import type { CliRun } from '../support/run-cli';
import { chainedScenario, runAll, sqliteEnv, storeScenarioGame } from './replay-transfer.cli-runner';

const EXAMPLE = path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json');
/** The game id `simulate` and `replay` give the example (its file name). */
const GAME_ID = 'bolt-and-blade';

/** `rev  T<turn> <phase>  step  rule  sentence`. */
const LINE = /^ *(\d+) {2}T(\d+) (\w+) +(\S+) +(\S+) +(\S.*)$/;

interface ReplayLine {
  revision: number;
  turn: number;
  phase: string;
  step: string;
  rule: string;
  sentence: string;
}

/** The event lines of a replay's stdout (everything before the blank line), and the state lines after it. */
function parseReplay(stdout: string): { lines: ReplayLine[]; state: string[] } {
  const [events, state = ''] = stdout.split('\n\n');
  const lines = events.split('\n').map((text) => {
    const match = LINE.exec(text);
    if (!match) throw new Error(`not a replay line: ${JSON.stringify(text)}`);
    const [, revision, turn, phase, step, rule, sentence] = match;
    return { revision: Number(revision), turn: Number(turn), phase, step, rule, sentence };
  });
  return { lines, state: state.trimEnd().split('\n') };
}

/** The state lines must show every minion of the engine's state as it is, and every player's numbers. */
function expectStateShown(state: string[], game: GameState): void {
  const text = state.join('\n');
  expect(state[0]).toBe(`State after revision ${game.version - 1} (turn ${game.turn}, ${game.phase})`);
  for (const minion of Object.values(game.minions)) {
    const line = state.find((candidate) => candidate.trim().startsWith(`${minion.id} `));
    expect([minion.id, line]).toEqual([minion.id, expect.stringContaining(`HP ${minion.hp}/${minion.maxHp}`)]);
    expect(line).toContain(`armor ${minion.armor}/${minion.maxArmor}`);
    expect(line).toContain(minion.status);
  }
  for (const colour of ['red', 'blue'] as const) {
    const player = game.players[colour];
    const graveyard = player.graveyard.length > 0 ? player.graveyard.join(', ') : 'empty';
    expect(text).toMatch(
      new RegExp(`^  ${colour} +mana: .*; hand: ${player.hand.length}; graveyard: ${graveyard}$`, 'm'),
    );
  }
}

/**
 * `sanctum replay` end to end: a scenario file, a game in a SQLite store, a `.jsonl` of event lines, `--to`,
 * `--turn`, `--step` driven through stdin, and the refusals. Every process is started at once in beforeAll.
 */
describe('sanctum replay (CLI end to end)', () => {
  let dir: string;
  let runs: Record<string, CliRun>;
  const events: DomainEvent[] = chainedScenario(EXAMPLE, GAME_ID);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-replay-'));
    const db = path.join(dir, 'games.db');
    await storeScenarioGame(db, EXAMPLE, GAME_ID);
    const jsonl = path.join(dir, 'game.jsonl');
    fs.writeFileSync(jsonl, events.map((event, revision) => `${JSON.stringify({ revision, ...event })}\n`).join(''));
    runs = await runAll({
      scenario: { args: ['replay', EXAMPLE] },
      to: { args: ['replay', EXAMPLE, '--to', '21'] },
      turn: { args: ['replay', EXAMPLE, '--turn', '1'] },
      stored: { args: ['replay', GAME_ID], env: sqliteEnv(db) },
      file: { args: ['replay', jsonl] },
      step: { args: ['replay', EXAMPLE, '--step'], input: 'n\nn\nb\ns\nq\n' },
      stepToEnd: { args: ['replay', EXAMPLE, '--step', '--to', '21'], input: 'n\n\nwhat\n' },
      tooFar: { args: ['replay', EXAMPLE, '--to', '71'] },
      turnTooFar: { args: ['replay', EXAMPLE, '--turn', '4'] },
      both: { args: ['replay', EXAMPLE, '--to', '3', '--turn', '1'] },
      unknownGame: { args: ['replay', 'no-such-game'], env: sqliteEnv(db) },
      notATarget: { args: ['replay', 'notes.txt'] },
    });
  }, 120_000);

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints one line per event: revision, turn and phase, pipeline step and rule of its metadata, a sentence', () => {
    const { exitCode, stdout, stderr } = runs.scenario;
    expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: '' });
    expect(stdout).not.toContain('\u001b'); // no colour codes when stdout is not a terminal
    const { lines } = parseReplay(stdout);
    expect(lines).toHaveLength(events.length);
    lines.forEach((line, revision) => {
      const { metadata } = events[revision];
      expect(line).toMatchObject({
        revision,
        turn: metadata.turn,
        phase: metadata.phase,
        step: metadata.step ?? '-',
        rule: metadata.rule,
      });
    });
    expect(lines[15]).toMatchObject({ step: 'D4', rule: 'D4', sentence: 'b-archer takes 3 damage (3 → 0 HP)' });
    expect(lines[19]).toMatchObject({ step: 'E2', rule: 'E2', sentence: 'b-archer dies' });
    expect(lines[24].sentence).toBe('order.9 is squandered: the target is dead (because of revision 19)');
  });

  it('then the state at the end: players, groups with their minions, structures', () => {
    const { state } = parseReplay(runs.scenario.stdout);
    expectStateShown(state, fold(events));
    expect(state).toContain('  r-sanctum (red sanctum on A1)');
  });

  it('--to REVISION: the events up to it (inclusive), then the state right after it', () => {
    expect(runs.to.exitCode).toBe(0);
    const { lines, state } = parseReplay(runs.to.stdout);
    expect(lines.map((line) => line.revision)).toEqual([...Array(22).keys()]);
    const game = fold(events.slice(0, 22));
    expectStateShown(state, game);
    // b-archer has just been buried: dead, out of its group, in blue's graveyard until garbage collection.
    expect(game.minions['b-archer'].status).toBe('dead');
    expect(state.join('\n')).toMatch(/b-archer +recruit archer +HP 0\/3 +armor 2\/2 +dead/);
  });

  it('--turn N: up to the end of turn N (its garbage collection included)', () => {
    expect(runs.turn.exitCode).toBe(0);
    const { lines, state } = parseReplay(runs.turn.stdout);
    const lastOfTurn1 = events.filter((event) => event.metadata.turn <= 1).length - 1;
    expect(lines).toHaveLength(lastOfTurn1 + 1);
    expect(lines[lastOfTurn1]).toMatchObject({ turn: 1, phase: 'garbageCollection' });
    expectStateShown(state, fold(events.slice(0, lastOfTurn1 + 1)));
    expect(state).toContain('  order.9  blue casts mend on b-archer: squandered');
  });

  it('GAME: a game in the configured store (SQLITE_PATH) replays exactly like its scenario', () => {
    expect(runs.stored.stderr).toBe('');
    expect(runs.stored.exitCode).toBe(0);
    expect(runs.stored.stdout).toBe(runs.scenario.stdout);
  });

  it('FILE.jsonl: event lines (export or simulate output) replay the same', () => {
    expect(runs.file.exitCode).toBe(0);
    expect(runs.file.stdout).toBe(runs.scenario.stdout);
  });

  describe('--step, driven by lines on stdin (stdin is not a terminal)', () => {
    it('shows the first event, then one per command: n next, b back, s the state there, q quits', () => {
      const { exitCode, stdout } = runs.step;
      expect(exitCode).toBe(0);
      const [shown, state] = stdout.split('\n\n');
      expect(shown.split('\n').map((line) => Number(LINE.exec(line)?.[1]))).toEqual([0, 1, 2, 1]);
      expectStateShown(state.trimEnd().split('\n'), fold(events.slice(0, 2)));
    });

    it('at the end of the input, prints what is left and the state: the same as a plain replay', () => {
      const { exitCode, stdout, stderr } = runs.stepToEnd;
      expect(exitCode).toBe(0);
      expect(stdout).toBe(runs.to.stdout);
      expect(stderr).toContain('[Enter/n] next  [b] back  [s] state  [q] quit'); // the answer to "what"
    });
  });

  describe('refusals (exit 2, nothing on stdout)', () => {
    it.each([
      ['tooFar', 'bolt-and-blade.scenario.json has revisions 0–70 only'],
      ['turnTooFar', 'has not reached turn 4 (it is in turn 3)'],
      ['both', '--to and --turn each say where the replay stops: give only one of them'],
      ['unknownGame', 'game no-such-game not found in the sqlite store'],
      ['notATarget', 'notes.txt: not a game id'],
    ])('%s', (name, message) => {
      const { exitCode, stdout, stderr } = runs[name];
      expect({ exitCode, stdout }).toEqual({ exitCode: 2, stdout: '' });
      expect(stderr).toContain(message);
    });
  });
});
