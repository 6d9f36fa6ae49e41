import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI_COMMANDS } from '../../apps/cli/src/cli-commands';
import { REPO_ROOT } from '../support/repo-root';
import type { CliRun } from '../support/run-cli';
import { type CliCall, runAll, runCli, sqliteEnv } from './replay-transfer.cli-runner';

const EXAMPLE = path.join(REPO_ROOT, 'examples', 'bolt-and-blade.scenario.json');

/** Files whose presence in a process says it loaded the scenario-file parser, or the service's games module. */
const SCENARIO_PARSER = `${path.sep}class-validator${path.sep}`;
const GAMES_MODULE = /libs\/games\/src\/games\.module\.[jt]s$/;

/**
 * `sanctum` loads the command it is asked for, and only that one: `--help`, each command's own help, an unknown
 * name, and what a command's process loads — the scenario parser when a scenario is read, not for a verification,
 * a replay or the rules.
 */
describe('sanctum: one command at a time (CLI end to end)', () => {
  let dir: string;
  const file = (name: string): string => path.join(dir, name);
  let help: CliRun;
  let unknown: CliRun;
  let helpOf: Record<string, CliRun>;
  const loaded: Record<string, { run: CliRun; modules: string[] }> = {};

  /** The call with a preloaded hook that lists, when the process exits, every module file it loaded. */
  const listingModules = (name: string, call: CliCall): CliCall => ({
    ...call,
    env: { ...call.env, NODE_OPTIONS: `--require ${file('list-modules.js')}`, LOADED_MODULES_FILE: file(name) },
  });
  const runListing = async (name: string, call: CliCall): Promise<void> => {
    const run = await runCli(listingModules(name, call));
    loaded[name] = { run, modules: fs.readFileSync(file(name), 'utf8').split('\n') };
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-command-loading-'));
    fs.writeFileSync(
      file('list-modules.js'),
      "process.on('exit', () => require('node:fs').writeFileSync(process.env.LOADED_MODULES_FILE, " +
        "Object.keys(require.cache).join('\\n')));\n",
    );
    const store = sqliteEnv(file('store.db'));
    [{ help, unknown }, helpOf] = await Promise.all([
      runAll({ help: { args: ['--help'] }, unknown: { args: ['no-such-command'] } }),
      runAll(Object.fromEntries([...CLI_COMMANDS.keys()].map((name) => [name, { args: [name, '--help'] }]))),
      (async () => {
        await runListing('simulate', { args: ['simulate', EXAMPLE] });
        fs.writeFileSync(file('game.jsonl'), loaded.simulate.run.stdout);
        await runListing('import', { args: ['import', file('game.jsonl')], env: store });
        await Promise.all([
          runListing('verify', { args: ['verify', 'bolt-and-blade'], env: store }),
          runListing('replay', { args: ['replay', 'bolt-and-blade', '--turn', '1'], env: store }),
          runListing('rules', { args: ['rules', 'D2'] }),
        ]);
      })(),
    ]);
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lists every command under --help', () => {
    expect({ exitCode: help.exitCode, stderr: help.stderr }).toEqual({ exitCode: 0, stderr: '' });
    const listed = [...help.stdout.matchAll(/^ {2}([a-z-]+) /gm)].map((match) => match[1]).filter((n) => n !== 'help');
    expect(listed.sort()).toEqual([...CLI_COMMANDS.keys()].sort());
  });

  it('starts each command by its name, with its own usage', () => {
    for (const [name, run] of Object.entries(helpOf)) {
      expect({ name, exitCode: run.exitCode }).toEqual({ name, exitCode: 0 });
      expect(run.stdout).toMatch(new RegExp(`^Usage: sanctum ${name}\\b`));
    }
  });

  it('refuses an unknown command as a usage error, naming it', () => {
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'no-such-command'");
  });

  it('loads the scenario parser where a scenario is read, and not for a verification, a replay or the rules', () => {
    for (const [name, { run }] of Object.entries(loaded)) {
      expect({ name, exitCode: run.exitCode, stderr: run.stderr }).toEqual({ name, exitCode: 0, stderr: '' });
    }
    expect(loaded.verify.run.stdout).toContain('verdict: VERIFIED');
    const loads = (name: string, what: string | RegExp): boolean =>
      loaded[name].modules.some((module) => (typeof what === 'string' ? module.includes(what) : what.test(module)));
    expect(loads('simulate', SCENARIO_PARSER)).toBe(true);
    for (const name of ['import', 'verify', 'replay', 'rules']) {
      expect({ name, parser: loads(name, SCENARIO_PARSER), games: loads(name, GAMES_MODULE) }).toEqual({
        name,
        parser: false,
        games: false,
      });
    }
  });
});
