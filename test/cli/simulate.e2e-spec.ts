import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fold } from '@app/rules';
import type { DomainEvent, GameState } from '@app/rules';
import { REPO_ROOT } from '../support/repo-root';
import { runSanctum, runSimulate } from '../support/run-cli';
import type { CliRun } from '../support/run-cli';
import { parseEventLines } from '../support/scenario-expectation';
import type { PrintedEvent } from '../support/scenario-expectation';

const EXAMPLE = path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json');
const FIXTURES = path.join(REPO_ROOT, 'test/scenarios/fixtures');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests edit and read JSON at any depth
type Json = Record<string, any>;

/**
 * `sanctum simulate` end to end, as a user runs it (`npm run -s sanctum -- simulate FILE`). Every CLI process
 * is started at once in beforeAll (each costs a second or two); the tests then only read the results.
 */
describe('sanctum simulate (CLI end to end)', () => {
  let dir: string;
  const file = (name: string): string => path.join(dir, name);
  const runs: Record<string, CliRun> = {};

  /** The example with one change, written to a temporary file. */
  function exampleWith(name: string, edit: (scenario: Json) => void): string {
    const scenario = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')) as Json;
    edit(scenario);
    fs.writeFileSync(file(name), JSON.stringify(scenario, null, 2));
    return file(name);
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-cli-'));
    const threeMistakes = exampleWith('three-mistakes.scenario.json', (scenario) => {
      scenario.board.groups[0].minions[0].armour = 1;
      scenario.seed = '11';
      delete scenario.players.blue.hand;
    });
    fs.writeFileSync(file('bad.scenario.json'), fs.readFileSync(EXAMPLE, 'utf8').slice(0, 200));
    const mixedGroup = exampleWith('mixed-group.scenario.json', (scenario) => {
      scenario.board.groups[1].minions[1].kind = 'monster';
    });
    const expectations = exampleWith('expectations.scenario.json', (scenario) => {
      scenario.players.red.hand = ['bolt', 'bolt'];
      const red = scenario.turns[0].orders.red;
      red.splice(1, 0, { cast: 'bolt', target: { minion: 'b-archer' }, expectRejected: true });
      red.push({ cast: 'bolt', target: { minion: 'b-sword' }, expectRejected: true });
    });
    const hostile = exampleWith('hostile.scenario.json', (scenario) => {
      scenario.turns[0].orders.red[0].target = { minion: '__proto__' };
      scenario.players.red.mana.strife = 6e307;
    });
    const jobs: Record<string, Promise<CliRun>> = {
      hostile: runSimulate(hostile),
      plain: runSimulate(EXAMPLE),
      withState: runSimulate(EXAMPLE, '--state', file('state.json')),
      renamed: runSimulate(EXAMPLE, '--game-id', 'replay-1'),
      threeMistakes: runSimulate(threeMistakes),
      badJson: runSimulate(file('bad.scenario.json')),
      missing: runSimulate(file('no-such.scenario.json')),
      mixedGroup: runSimulate(mixedGroup),
      rejected: runSimulate(path.join(FIXTURES, 's5-duplicate-order-refused.scenario.json')),
      expectations: runSimulate(expectations),
      noFile: runSanctum(['simulate']),
    };
    const names = Object.keys(jobs);
    const results = await Promise.all(Object.values(jobs));
    names.forEach((name, i) => (runs[name] = results[i]));
  }, 180_000);

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('output', () => {
    it('prints one JSON line per event: {revision, type, data, metadata}, revision counting from 0', () => {
      const { exitCode, stdout, stderr } = runs.plain;
      expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: '' });
      const lines = stdout.trimEnd().split('\n');
      expect(lines.length).toBeGreaterThan(20);
      lines.forEach((line, revision) => {
        const event = JSON.parse(line) as PrintedEvent;
        expect(Object.keys(event)).toEqual(['revision', 'type', 'data', 'metadata']);
        expect(event.revision).toBe(revision);
        expect((event.metadata as Json).eventId).toBe(`bolt-and-blade@${revision}`);
      });
      expect(JSON.parse(lines[0]).type).toBe('GameCreated');
    });

    it('is deterministic: the same file gives byte-identical output (--state does not change it)', () => {
      expect(runs.withState.exitCode).toBe(0);
      expect(runs.withState.stdout).toBe(runs.plain.stdout);
    });

    it('takes the game id from the file name by default, from --game-id when given', () => {
      expect(parseEventLines(runs.plain.stdout)[0].data).toMatchObject({ gameId: 'bolt-and-blade' });
      expect(runs.renamed.exitCode).toBe(0);
      expect(runs.renamed.stdout).toBe(runs.plain.stdout.replaceAll('bolt-and-blade', 'replay-1'));
    });
  });

  describe('--state', () => {
    let state: GameState;
    let events: PrintedEvent[];

    beforeAll(() => {
      state = JSON.parse(fs.readFileSync(file('state.json'), 'utf8')) as GameState;
      events = parseEventLines(runs.withState.stdout);
    });

    it("writes the final state, whose minions are the events' minions with the events' HP", () => {
      const hp = new Map<string, number>();
      for (const group of (events[0].data as Json).board.groups) {
        for (const minion of group.minions) hp.set(minion.id, minion.hp);
      }
      for (const event of events) {
        const data = event.data as Json;
        if (event.type === 'DamageApplied' || event.type === 'MinionHealed') hp.set(data.minionId, data.hpAfter);
        if (event.type === 'GarbageCollected') for (const id of data.minionIds) hp.delete(id);
      }
      expect(Object.keys(state.minions).sort()).toEqual([...hp.keys()].sort());
      for (const [id, minion] of Object.entries(state.minions)) expect([id, minion.hp]).toEqual([id, hp.get(id)]);
      expect(state.minions['r-sword'].hp).toBe(4);
      expect(state.minions['b-sword'].hp).toBe(2);
      expect(state.minions['b-archer']).toBeUndefined();
    });

    it('is exactly the fold of the printed events (docs/design.md: state is only ever a fold of events)', () => {
      expect(fold(events as unknown as DomainEvent[])).toEqual(state);
    });
  });

  describe('an invalid file exits 2, names the file and every problem by its path', () => {
    it('an unknown field, a wrong type and a missing field, all listed at once', () => {
      const { exitCode, stdout, stderr } = runs.threeMistakes;
      expect({ exitCode, stdout }).toEqual({ exitCode: 2, stdout: '' });
      expect(stderr).toContain(`${file('three-mistakes.scenario.json')}: invalid scenario file (3 problems):`);
      expect(stderr).toContain('seed must be an integer number');
      expect(stderr).toContain('players.blue.hand is required');
      expect(stderr).toContain('board.groups[0].minions[0].armour is not an allowed field');
    });

    it('bad JSON', () => {
      const { exitCode, stdout, stderr } = runs.badJson;
      expect({ exitCode, stdout }).toEqual({ exitCode: 2, stdout: '' });
      expect(stderr).toContain(`${file('bad.scenario.json')}: not valid JSON:`);
    });

    it('a missing file', () => {
      const { exitCode, stdout, stderr } = runs.missing;
      expect({ exitCode, stdout }).toEqual({ exitCode: 2, stdout: '' });
      expect(stderr.trim()).toBe(`${file('no-such.scenario.json')}: cannot read the file: no such file`);
    });

    it('B4: a set-up the rules refuse (a group mixing recruits and monsters), with the field and rule', () => {
      const { exitCode, stdout, stderr } = runs.mixedGroup;
      expect({ exitCode, stdout }).toEqual({ exitCode: 2, stdout: '' });
      expect(stderr).toContain('the rules refuse the set-up: board.groups[1].minions: rule B4:');
    });

    it('S2, Limits: an id outside the one pattern and a number past 1,000,000, with their paths', () => {
      const { exitCode, stdout, stderr } = runs.hostile;
      expect({ exitCode, stdout }).toEqual({ exitCode: 2, stdout: '' });
      expect(stderr).toContain('players.red.mana.strife must not be greater than 1000000');
      expect(stderr).toContain('turns[0].orders.red[0].target.minion must be an id');
    });

    it('no file at all is a usage error', () => {
      expect(runs.noFile.exitCode).toBe(2);
      expect(runs.noFile.stderr).toContain("missing required argument 'file'");
    });
  });

  describe('orders the rules refuse', () => {
    it('S5: an unexpected rejection exits 1, naming the order and the rule, after the game up to the refusal', () => {
      const { exitCode, stdout, stderr } = runs.rejected;
      expect(exitCode).toBe(1);
      const printed = parseEventLines(stdout);
      expect(printed.map((event) => event.type).slice(-2)).toEqual(['OrdersPhaseStarted', 'SpellTargeted']);
      expect(printed.map((event) => event.revision)).toEqual(printed.map((_, i) => i));
      expect(stderr).toMatch(
        /^turns\[0\]\.orders\.red\[1\]: rule S5: red already targeted "spark" on minion b-sword-1/,
      );
    });

    it('S5: a refusal marked expectRejected is noted on stderr and the run goes on; one accepted is warned about', () => {
      const { exitCode, stderr } = runs.expectations;
      expect(exitCode).toBe(0);
      expect(stderr).toContain('turns[0].orders.red[1] rejected as expected: S5: red already targeted "bolt"');
      expect(stderr).toContain('warning: turns[0].orders.red[3] is marked expectRejected, but the rules accepted it');
      const targeted = parseEventLines(runs.expectations.stdout).filter(
        (event) => event.type === 'SpellTargeted' && (event.metadata as Json).turn === 1,
      );
      expect(targeted.map((event) => [(event.data as Json).player, (event.data as Json).target])).toEqual([
        ['red', { minion: 'b-archer' }],
        ['red', { minion: 'b-sword' }],
        ['blue', { minion: 'b-archer' }],
      ]);
    });
  });
});
