import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fold } from '@app/rules';
import type { DomainEvent, GameState } from '@app/rules';
import { REPO_ROOT } from '../support/repo-root';
import { runSanctumOnTerminal } from '../support/run-cli';
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
      turn: { args: ['replay', EXAMPLE, '--turn', '2'] },
      from: { args: ['replay', EXAMPLE, '--from', '60', '--to', '65'] },
      stored: { args: ['replay', GAME_ID], env: sqliteEnv(db) },
      file: { args: ['replay', jsonl] },
      step: { args: ['replay', EXAMPLE, '--step'], input: 'n\nn\nb\ns\nq\n' },
      stepToEnd: { args: ['replay', EXAMPLE, '--step', '--to', '21'], input: 'n\n\nwhat\n' },
      stepJumps: {
        args: ['replay', EXAMPLE, '--step', '--from', '10'],
        input: 't\nt\np\np\ng 5\nb\ng 40\ns\ng 99\nq\n',
      },
      stepTurn: { args: ['replay', EXAMPLE, '--step', '--turn', '2'], input: 't\n' },
      stepFromToEnd: { args: ['replay', EXAMPLE, '--step', '--from', '60', '--to', '65'] },
      tooFar: { args: ['replay', EXAMPLE, '--to', '71'] },
      turnTooFar: { args: ['replay', EXAMPLE, '--turn', '4'] },
      both: { args: ['replay', EXAMPLE, '--to', '3', '--turn', '1'] },
      fromTooFar: { args: ['replay', EXAMPLE, '--from', '71'] },
      fromAfterTo: { args: ['replay', EXAMPLE, '--from', '30', '--to', '20'] },
      unknownGame: { args: ['replay', 'no-such-game'], env: sqliteEnv(db) },
      notATarget: { args: ['replay', 'notes.txt'] },
    });
    // Keys as typed: t, then g 4 0 Enter, then s, then q.
    runs.terminal = await runSanctumOnTerminal(['replay', EXAMPLE, '--step'], { input: 'tg40\rsq' });
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

  it('--turn N: that turn only, from its first event to its end (garbage collection included), and the state there', () => {
    expect(runs.turn.exitCode).toBe(0);
    const { lines, state } = parseReplay(runs.turn.stdout);
    const firstOfTurn2 = events.findIndex((event) => event.metadata.turn === 2);
    const lastOfTurn2 = events.filter((event) => event.metadata.turn <= 2).length - 1;
    expect(lines.map((line) => line.revision)).toEqual(
      Array.from({ length: lastOfTurn2 - firstOfTurn2 + 1 }, (_, i) => firstOfTurn2 + i),
    );
    expect(lines.every((line) => line.turn === 2)).toBe(true);
    expect(lines[lines.length - 1]).toMatchObject({ turn: 2, phase: 'garbageCollection' });
    expectStateShown(state, fold(events.slice(0, lastOfTurn2 + 1)));
  });

  it('--from REVISION: the lines from it on (the events before are folded, not printed); the state as in full', () => {
    expect(runs.from.exitCode).toBe(0);
    const { lines, state } = parseReplay(runs.from.stdout);
    expect(lines.map((line) => line.revision)).toEqual([60, 61, 62, 63, 64, 65]);
    expectStateShown(state, fold(events.slice(0, 66)));
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
      expect(stderr).toContain('[Enter/n] next  [b] back  [t] next turn'); // the answer to "what"
    });

    it('--from starts there; t next turn, p start of the turn (again: the turn before), g N, b: each state is the fold', () => {
      const { exitCode, stdout, stderr } = runs.stepJumps;
      expect(exitCode).toBe(0);
      const [shown, state] = stdout.split('\n\n');
      const turnStart = (turn: number): number => events.findIndex((event) => event.metadata.turn === turn);
      expect(shown.split('\n').map((line) => Number(LINE.exec(line)?.[1]))).toEqual([
        10,
        turnStart(2),
        turnStart(3),
        turnStart(2), // p at the first event of turn 3: the turn before
        turnStart(1), // and again
        5, // g 5
        4, // b
        40, // g 40
      ]);
      expectStateShown(state.trimEnd().split('\n'), fold(events.slice(0, 41)));
      expect(stderr).toContain('revision 99: the replay ends at revision 70');
    });

    it('--turn N starts at the turn and ends with it: t from turn 2 goes past the end, which prints the state', () => {
      const { exitCode, stdout, stderr } = runs.stepTurn;
      expect(exitCode).toBe(0);
      const lastOfTurn2 = events.filter((event) => event.metadata.turn <= 2).length - 1;
      const [shown, state] = stdout.split('\n\n');
      expect(shown.split('\n').map((line) => Number(LINE.exec(line)?.[1]))).toEqual([
        events.findIndex((event) => event.metadata.turn === 2),
      ]);
      expect(stderr).toContain('end of the replay');
      expectStateShown(state.trimEnd().split('\n'), fold(events.slice(0, lastOfTurn2 + 1)));
    });

    it('--from with nothing to read prints the same as the plain replay of that range', () => {
      expect(runs.stepFromToEnd.exitCode).toBe(0);
      expect(runs.stepFromToEnd.stdout).toBe(runs.from.stdout);
    });
  });

  it('--step on a terminal: each key counts at once; g reads a revision up to Enter', () => {
    const { exitCode, stdout } = runs.terminal;
    expect(exitCode).toBe(0);
    const screen = stripVTControlCharacters(stdout).split(/\r?\n|\r/);
    const shown = screen.map((line) => LINE.exec(line)?.[1]).filter((revision) => revision !== undefined);
    const turn1 = events.findIndex((event) => event.metadata.turn === 1);
    expect(shown.map(Number)).toEqual([0, turn1, 40]);
    expect(screen).toContain('go to revision: 40');
    expect(screen).toContain('State after revision 40 (turn 2, start)');
  });

  describe('refusals (exit 2, nothing on stdout)', () => {
    it.each([
      ['tooFar', 'bolt-and-blade.scenario.json has revisions 0–70 only'],
      ['turnTooFar', 'has not reached turn 4 (it is in turn 3)'],
      ['both', '--turn N is the whole of turn N: give it alone, or --from and --to, not both'],
      ['fromTooFar', '--from 71: '],
      ['fromAfterTo', '--from 30 is after --to 20'],
      ['unknownGame', 'game no-such-game not found in the sqlite store'],
      ['notATarget', 'notes.txt: not a game id'],
    ])('%s', (name, message) => {
      const { exitCode, stdout, stderr } = runs[name];
      expect({ exitCode, stdout }).toEqual({ exitCode: 2, stdout: '' });
      expect(stderr).toContain(message);
    });
  });
});
