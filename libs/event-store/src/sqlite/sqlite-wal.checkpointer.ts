import { Worker } from 'node:worker_threads';
import type { SqliteSynchronous } from './sqlite-schema';

/** How often the worker copies the WAL back into the database file. */
const DEFAULT_INTERVAL_MS = 100;

/**
 * The worker, as plain JavaScript (eval'd, so it runs the same under ts-node, Jest and the compiled build): its own
 * connection, with the store's `synchronous` (a checkpoint syncs the WAL, then the database file, as it would on
 * the store's connection), a PASSIVE checkpoint on every tick — it never waits for or blocks the writer, and
 * copies nothing that is not committed — and a clean close when asked.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { timeout: 0 });
db.pragma('synchronous = ' + workerData.synchronous);
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or locked this time: the next tick, or the store's own safety-net checkpoint, catches up.
  }
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Checkpoints the WAL of a SQLite file from a worker thread. SQLite's automatic checkpoint runs inside the commit
 * that crosses its threshold, on the store's (the event loop's) thread: every few hundred appends one of them
 * copied a thousand pages into the database file and synced it, and every request queued behind it waited. From
 * here the copy runs beside the writer (WAL allows one checkpointer next to the writer). Durability does not
 * change: a commit is acknowledged once it is in the WAL, as before; checkpoints only move committed pages.
 */
export class SqliteWalCheckpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;

  constructor(path: string, synchronous: SqliteSynchronous, intervalMs = DEFAULT_INTERVAL_MS) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { path, synchronous, intervalMs, driver: require.resolve('better-sqlite3') },
    });
    // Never keeps the process alive; if the worker fails, the store's own automatic checkpoint still bounds the WAL.
    this.worker.unref();
    this.worker.on('error', () => undefined);
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
  }

  /** Closes the worker's connection (so that the store's close is the last one, which checkpoints and removes the WAL). */
  stop(): Promise<void> {
    // Held open again until the worker has gone: else a process with nothing else to do would end right here.
    this.worker.ref();
    this.worker.postMessage('stop');
    return this.exited;
  }
}
