import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { parseGameSetup, ScenarioFileInvalid, setupLengthProblems } from '@app/games';
import type { GameSetup } from '@app/rules';
import type { SetUpCheckAnswer, SetUpCheckRequest } from './set-up-check.worker';

/**
 * Set-ups up to this many characters of JSON are checked on the event loop: a small share of what a request may
 * hold it for, and the many small games (the examples, most tests) never start a worker. The check's cost grows
 * with the set-up (class-validator visits every minion, attack and card): the largest would hold the loop for
 * longer than any request may.
 */
const CHECKED_ON_EVENT_LOOP_UP_TO = 16 * 1024;

const WORKER_FILE = path.join(__dirname, `set-up-check.worker${path.extname(__filename)}`);
const REPO_ROOT = path.resolve(__dirname, '../../../..');

/**
 * Starts the worker's module, resolving it as the service does. Built, it is JavaScript whose imports the build
 * made plain. From TypeScript, a worker thread inherits the process's `-r` preloads (`npm start`: ts-node and the
 * path aliases) but not Jest's compiler and module map: then it registers what is missing itself.
 */
const WORKER_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
if (workerData.typescript) {
  const path = require('node:path');
  if (require.extensions['.ts'] === undefined) {
    require('ts-node').register({ transpileOnly: true, project: path.join(workerData.root, 'tsconfig.json') });
  }
  try {
    require.resolve('@app/games');
  } catch {
    const paths = require('tsconfig-paths');
    const config = paths.loadConfig(workerData.root);
    paths.register({ baseUrl: config.absoluteBaseUrl, paths: config.paths });
  }
}
require(workerData.file);
`;

interface Pending {
  resolve: (problems: readonly string[]) => void;
  reject: (error: Error) => void;
}

/**
 * Checks the set-up of `POST /games` as parseGameSetup does, a large one in a worker thread, so that the event
 * loop goes on serving every other request meanwhile. The worker is started at the first large set-up and kept.
 * If it fails, the check runs on the event loop instead (slower for everyone, but as right); a worker that fails
 * before its first answer (it cannot load) is not started again.
 */
@Injectable()
export class SetUpChecker implements OnApplicationShutdown {
  private readonly logger = new Logger(SetUpChecker.name);
  private worker: Worker | undefined;
  private workerCannotStart = false;
  private readonly pending = new Map<number, Pending>();
  private requests = 0;

  /** The set-up itself, typed, or ScenarioFileInvalid listing every problem. */
  async check(json: Record<string, unknown>): Promise<GameSetup> {
    const length = JSON.stringify(json).length;
    if (length <= CHECKED_ON_EVENT_LOOP_UP_TO || this.workerCannotStart) return parseGameSetup(json);
    // Refused here, without a copy for the worker, what is too long to be checked at all.
    const tooLong = setupLengthProblems(length);
    if (tooLong.length > 0) throw new ScenarioFileInvalid(tooLong);
    let problems: readonly string[];
    try {
      problems = await this.inWorker(json);
    } catch (error) {
      this.logger.warn(`the set-up check's worker failed, checking on the event loop: ${(error as Error).message}`);
      return parseGameSetup(json);
    }
    if (problems.length > 0) throw new ScenarioFileInvalid(problems);
    // Checked: the same object, never a copy, so that key order (and every event and hash) stays as written.
    return json as unknown as GameSetup;
  }

  async onApplicationShutdown(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private inWorker(json: unknown): Promise<readonly string[]> {
    const worker = this.worker ?? this.startWorker();
    const id = (this.requests += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, json } satisfies SetUpCheckRequest);
    });
  }

  private startWorker(): Worker {
    const worker = new Worker(WORKER_BOOTSTRAP, {
      eval: true,
      workerData: { file: WORKER_FILE, root: REPO_ROOT, typescript: WORKER_FILE.endsWith('.ts') },
    });
    // Never keeps the process alive: a check under way at exit has no one left to answer.
    worker.unref();
    let answered = false;
    worker.on('message', ({ id, problems, failure }: SetUpCheckAnswer) => {
      answered = true;
      const pending = this.pending.get(id);
      this.pending.delete(id);
      if (failure !== undefined) pending?.reject(new Error(failure));
      else pending?.resolve(problems ?? []);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) {
        this.worker = undefined;
        if (!answered) this.workerCannotStart = true;
      }
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}
