import Database from 'better-sqlite3';
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AnalyticsSummary } from '../../../apps/analytics/src/summary/analytics-summary';
import { scriptCommand } from '../../support/compiled-sources';
import { REPO_ROOT } from '../../support/repo-root';

export interface AnalyticsEnv {
  /** The event store's SQLite file. */
  store: string;
  /** The consumer's own SQLite file. */
  db: string;
  /** ANALYTICS_* overrides (batch size, throttle…). */
  extra?: Record<string, string>;
}

export interface AnalyticsExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A running consumer process. */
export class AnalyticsProcess {
  readonly exited: Promise<AnalyticsExit>;

  private constructor(readonly child: ChildProcessWithoutNullStreams) {
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    this.exited = new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code, signal) =>
        resolve({
          code,
          signal,
          stdout: Buffer.concat(stdout).toString('utf8'),
          stderr: Buffer.concat(stderr).toString('utf8'),
        }),
      );
    });
  }

  static start(env: AnalyticsEnv, args: string[] = []): AnalyticsProcess {
    const { command, args: nodeArgs, env: compiled } = scriptCommand('analytics');
    const child = spawn(command, [...nodeArgs, ...args], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ...compiled,
        EVENT_STORE: 'sqlite',
        SQLITE_PATH: env.store,
        ANALYTICS_DB: env.db,
        LOG_LEVEL: 'warn',
        ...env.extra,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return new AnalyticsProcess(child);
  }

  kill(signal: NodeJS.Signals): Promise<AnalyticsExit> {
    this.child.kill(signal);
    return this.exited;
  }
}

/** `npm run analytics -- --once`: applies everything stored, prints the summary, exits 0. */
export async function runOnce(env: AnalyticsEnv): Promise<AnalyticsSummary> {
  const exit = await AnalyticsProcess.start(env, ['--once']).exited;
  if (exit.code !== 0) throw new Error(`analytics --once exited ${exit.code ?? exit.signal}: ${exit.stderr}`);
  return parseSummary(exit);
}

export function parseSummary(exit: AnalyticsExit): AnalyticsSummary {
  return JSON.parse(exit.stdout) as AnalyticsSummary;
}

/** The checkpoint in the consumer's file, read by another connection (WAL lets it read while the consumer writes). */
export function readCheckpoint(dbPath: string): { position: number; events: number } | undefined {
  if (!existsSync(dbPath)) return undefined;
  const db = new Database(dbPath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 1000');
    return db.prepare<[], { position: number; events: number }>('SELECT position, events FROM checkpoints').get();
  } catch (error) {
    // The consumer has created the file but not its tables yet.
    if (/no such table/.test((error as Error).message)) return undefined;
    throw error;
  } finally {
    db.close();
  }
}

/** Polls the stored checkpoint until `done` says so (or the process ends first, or time runs out). */
export async function waitForCheckpoint(
  dbPath: string,
  done: (checkpoint: { position: number; events: number }) => boolean,
  running?: AnalyticsProcess,
  timeoutMs = 20_000,
): Promise<{ position: number; events: number }> {
  let ended = false;
  void running?.exited.then(() => (ended = true));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const checkpoint = readCheckpoint(dbPath);
    if (checkpoint && done(checkpoint)) return checkpoint;
    if (ended)
      throw new Error(
        `the consumer ended at checkpoint ${JSON.stringify(checkpoint)}: ${(await running!.exited).stderr}`,
      );
    if (Date.now() > deadline) throw new Error(`checkpoint still at ${JSON.stringify(checkpoint)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
