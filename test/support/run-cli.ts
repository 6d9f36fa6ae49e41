import { spawn } from 'node:child_process';
import * as path from 'node:path';
import type { SimulateRun } from './scenario-expectation';

/** The repository root: the CLI runs from there, exactly as `npm run` would run it for a user. */
export const REPO_ROOT = path.resolve(__dirname, '../..');

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

/**
 * `npm run -s sanctum -- <args>` in the repository root, as a user types it; resolves when it exits. The store
 * variables of the developer's shell never leak in: a call that needs a store names its own.
 */
export function runSanctum(args: readonly string[], { env = {}, input = '' }: CliOptions = {}): Promise<CliRun> {
  const base = { ...process.env };
  for (const name of ['EVENT_STORE', 'SQLITE_PATH', 'ESDB_CONNECTION_STRING', 'POSTGRES_URL', 'POSTGRES_SCHEMA']) {
    delete base[name];
  }
  return slot(
    () =>
      new Promise<CliRun>((resolve, reject) => {
        const child = spawn('npm', ['run', '-s', 'sanctum', '--', ...args], {
          cwd: REPO_ROOT,
          env: { ...base, npm_config_update_notifier: 'false', INIT_CWD: REPO_ROOT, ...env },
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

/** `sanctum simulate FILE [...options]`. */
export function runSimulate(file: string, ...options: string[]): Promise<CliRun> {
  return runSanctum(['simulate', file, ...options]);
}

/** A word for a POSIX shell, quoted. */
function shellWord(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * `npm run -s sanctum -- <args>` on a terminal: util-linux `script` gives the process a pseudo-terminal for stdin,
 * stdout and stderr, as a person at a terminal has (what a progress bar on stderr waits for). Both outputs arrive
 * merged, as the person sees them, in `stdout`; `input` arrives as keys typed on that terminal.
 */
export function runSanctumOnTerminal(
  args: readonly string[],
  { env = {}, input = '' }: CliOptions = {},
): Promise<CliRun> {
  const command = ['npm', 'run', '-s', 'sanctum', '--', ...args].map(shellWord).join(' ');
  const base = { ...process.env };
  for (const name of ['EVENT_STORE', 'SQLITE_PATH', 'ESDB_CONNECTION_STRING', 'NO_COLOR']) delete base[name];
  return slot(
    () =>
      new Promise<CliRun>((resolve, reject) => {
        const child = spawn('script', ['-qec', command, '/dev/null'], {
          cwd: REPO_ROOT,
          env: { ...base, npm_config_update_notifier: 'false', INIT_CWD: REPO_ROOT, TERM: 'xterm', ...env },
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        const stdout: Buffer[] = [];
        const stderr: Buffer[] = [];
        child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
        child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
        child.on('error', reject);
        child.stdin.end(input);
        child.on('close', (exitCode) =>
          resolve({
            exitCode,
            stdout: Buffer.concat(stdout).toString('utf8'),
            stderr: Buffer.concat(stderr).toString('utf8'),
          }),
        );
      }),
  );
}
