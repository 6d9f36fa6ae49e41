import { spawn } from 'node:child_process';
import { scriptCommand } from './compiled-sources';
import { REPO_ROOT } from './repo-root';
import type { SimulateRun } from './scenario-expectation';

/**
 * The `sanctum` script's entry started as `node …` without npm in front (npm's own start costs as much CPU as the
 * CLI's, and the suite starts the CLI a few hundred times), on the sources the test run compiled once, exactly as
 * the script's ts-node would (compiled-sources.ts), or else the script's own command line. `runSanctumThroughNpm`
 * goes through `npm run -s sanctum` itself, as a user types it.
 */
const SANCTUM = scriptCommand('sanctum');

/** Each CLI process costs a second or two of CPU: a few at a time keep a small machine responsive. */
const MAX_PARALLEL = 4;
let running = 0;
const waiting: (() => void)[] = [];

async function slot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await task();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** A finished CLI process: exit code and everything it printed. */
export type CliRun = Required<SimulateRun>;

/** Extra settings for one CLI process: its own store variables, and what it reads on stdin. */
export interface CliOptions {
  env?: Record<string, string>;
  /** Piped to stdin, then closed; without it stdin is empty (not a terminal either way). */
  input?: string;
}

/** Variables of the developer's shell that would choose a store or a colour: a call that needs one names its own. */
const SHELL_ONLY = [
  'EVENT_STORE',
  'SQLITE_PATH',
  'ESDB_CONNECTION_STRING',
  'POSTGRES_URL',
  'POSTGRES_HOSTS',
  'POSTGRES_SCHEMA',
  'NO_COLOR',
];

/**
 * One process in the repository root, as npm would start the CLI there (INIT_CWD, where relative paths start);
 * resolves when it exits.
 */
function run(command: string, args: readonly string[], { env = {}, input = '' }: CliOptions): Promise<CliRun> {
  const base = { ...process.env };
  for (const name of SHELL_ONLY) delete base[name];
  return slot(
    () =>
      new Promise<CliRun>((resolve, reject) => {
        const child = spawn(command, args, {
          cwd: REPO_ROOT,
          env: { ...base, INIT_CWD: REPO_ROOT, ...env },
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        const stdout: Buffer[] = [];
        const stderr: Buffer[] = [];
        child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
        child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
        child.on('error', reject);
        child.on('close', (exitCode) =>
          resolve({
            exitCode,
            stdout: Buffer.concat(stdout).toString('utf8'),
            stderr: Buffer.concat(stderr).toString('utf8'),
          }),
        );
        child.stdin.end(input);
      }),
  );
}

/** `sanctum <args>` (the package.json script's command line); stdin, stdout and stderr are pipes. */
export function runSanctum(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  return run(SANCTUM.command, [...SANCTUM.args, ...args], { ...options, env: { ...SANCTUM.env, ...options.env } });
}

/** `npm run -s sanctum -- <args>`, exactly as a user types it. */
export function runSanctumThroughNpm(
  args: readonly string[],
  { env = {}, ...options }: CliOptions = {},
): Promise<CliRun> {
  return run('npm', ['run', '-s', 'sanctum', '--', ...args], {
    ...options,
    env: { npm_config_update_notifier: 'false', ...env },
  });
}

/** `sanctum simulate FILE [...options]`. */
export function runSimulate(file: string, ...options: string[]): Promise<CliRun> {
  return runSanctum(['simulate', file, ...options]);
}

/** A word for a POSIX shell, quoted. */
function shellWord(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * `sanctum <args>` on a terminal: util-linux `script` gives the process a pseudo-terminal for stdin, stdout and
 * stderr, as a person at a terminal has (what a progress bar on stderr waits for). Both outputs arrive merged, as the
 * person sees them, in `stdout`; `input` arrives as keys typed on that terminal.
 */
export function runSanctumOnTerminal(
  args: readonly string[],
  { env = {}, ...options }: CliOptions = {},
): Promise<CliRun> {
  const command = [SANCTUM.command, ...SANCTUM.args, ...args].map(shellWord).join(' ');
  return run('script', ['-qec', command, '/dev/null'], { ...options, env: { TERM: 'xterm', ...SANCTUM.env, ...env } });
}
