import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { runScenario } from '@app/rules';
import type { DomainEvent } from '@app/rules';
import { SqliteEventStore } from '@app/event-store';
import { gameStream } from '@app/games/game-stream';
import { chainEvents, genesisHash } from '@app/games/recording/hash-chain';
import { parseScenarioFile } from '@app/games/scenario-file';
import { REPO_ROOT } from '../support/run-cli';
import type { CliRun } from '../support/run-cli';

/** How one CLI process is started: its arguments, extra environment (the store), and what it reads on stdin. */
export interface CliCall {
  args: string[];
  env?: Record<string, string>;
  /** Piped to stdin, then closed; without it stdin is empty (not a terminal either way). */
  input?: string;
}

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

/**
 * `npm run -s sanctum -- ARGS` as a user types it, with its own store settings and piped stdin (test/support's
 * runSanctum has neither). The store variables of the developer's shell never leak in: each call names its own.
 */
export function runCli({ args, env = {}, input = '' }: CliCall): Promise<CliRun> {
  const base = { ...process.env };
  for (const name of ['EVENT_STORE', 'SQLITE_PATH', 'ESDB_CONNECTION_STRING']) delete base[name];
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

/** Runs several calls at once (each waits for a slot); results by name. */
export async function runAll<K extends string>(calls: Record<K, CliCall>): Promise<Record<K, CliRun>> {
  const names = Object.keys(calls) as K[];
  const results = await Promise.all(names.map((name) => runCli(calls[name])));
  return Object.fromEntries(names.map((name, i) => [name, results[i]])) as Record<K, CliRun>;
}

/** A SQLite store file (SQLITE_PATH) for one CLI call. */
export function sqliteEnv(file: string): Record<string, string> {
  return { EVENT_STORE: 'sqlite', SQLITE_PATH: file };
}

/** The chained events of a scenario file's game, as the service would have stored them. */
export function chainedScenario(scenarioFile: string, gameId: string): DomainEvent[] {
  const scenario = parseScenarioFile(JSON.parse(fs.readFileSync(scenarioFile, 'utf8')));
  return chainEvents(genesisHash(gameId), runScenario(scenario, gameId).events).events;
}

/**
 * Stores a scenario file's game in a SQLite file, chained, in one append (as GameCommandService would); only
 * its first `count` events when given (what an interrupted import leaves).
 */
export async function storeScenarioGame(
  sqliteFile: string,
  scenarioFile: string,
  gameId: string,
  count?: number,
): Promise<void> {
  const store = new SqliteEventStore({ path: sqliteFile });
  try {
    const events = chainedScenario(scenarioFile, gameId)
      .slice(0, count)
      .map(({ type, data, metadata }) => ({
        type,
        data,
        metadata: { ...metadata } as Record<string, unknown>,
      }));
    await store.append(gameStream(gameId), events, 'no-stream');
  } finally {
    await store.close();
  }
}
