import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { scriptCommand } from '../../support/compiled-sources';
import { REPO_ROOT } from '../../support/repo-root';

export interface ApiProcessOptions {
  /** The store: a SQLite file, or `store` for another (EVENT_STORE, POSTGRES_URL…). */
  sqlitePath?: string;
  store?: Record<string, string>;
  /** HOST: the address it listens on and is reached at (default: every address, reached at 127.0.0.1). */
  host?: string;
  organiserToken: string;
  serverSecret: string;
  /** Further settings (LOG_LEVEL, GC_SCHEDULER, SHUTDOWN_GRACE_MS…). */
  env?: Record<string, string>;
  /** Default 0 (any free port); a fixed one lets a client find the service again after a restart. */
  port?: number;
}

/** Every setting that names a store: none of the developer's shell may leak into a test's service. */
const STORE_SETTINGS = [
  'EVENT_STORE',
  'SQLITE_PATH',
  'ESDB_CONNECTION_STRING',
  'POSTGRES_URL',
  'POSTGRES_HOSTS',
  'POSTGRES_SCHEMA',
  'POSTGRES_POOL_SIZE',
  'POSTGRES_STATEMENT_TIMEOUT_MS',
];

export interface ApiExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The HTTP service as its own process (`npm start`); PORT=0 lets it pick a free port, read from its start line. */
export class ApiProcess {
  readonly exited: Promise<ApiExit>;
  /** The end of what it wrote (for a failure message). */
  private output = '';

  private constructor(
    readonly child: ChildProcessWithoutNullStreams,
    readonly port: Promise<number>,
    /** The address it is reached at. */
    readonly host: string,
  ) {
    this.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  }

  get log(): string {
    return this.output;
  }

  /** `http://<host>:<port>` once it listens. */
  async url(): Promise<string> {
    return `http://${this.host}:${await this.port}`;
  }

  static start(options: ApiProcessOptions): ApiProcess {
    const { command, args, env: compiled } = scriptCommand('start');
    const env: NodeJS.ProcessEnv = { ...process.env, ...compiled };
    for (const name of [...STORE_SETTINGS, 'PORT', 'HOST', 'BODY_LIMIT']) delete env[name];
    const store = options.store ?? { EVENT_STORE: 'sqlite', SQLITE_PATH: options.sqlitePath ?? '' };
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env: {
        ...env,
        PORT: String(options.port ?? 0),
        ...(options.host === undefined ? {} : { HOST: options.host }),
        ...store,
        ORGANISER_TOKEN: options.organiserToken,
        SERVER_SECRET: options.serverSecret,
        GC_SCHEDULER: 'on',
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let resolvePort!: (port: number) => void;
    let rejectPort!: (error: Error) => void;
    const port = new Promise<number>((resolve, reject) => {
      resolvePort = resolve;
      rejectPort = reject;
    });
    // Observed by ready(); a process killed before anyone asked must not leave an unhandled rejection behind.
    port.catch(() => undefined);
    const api = new ApiProcess(child, port, options.host ?? '127.0.0.1');
    const keep = (chunk: Buffer) => {
      api.output = (api.output + chunk.toString('utf8')).slice(-20_000);
      const started = /API on http:\/\/[^:\s]+:(\d+)/.exec(api.output);
      if (started) resolvePort(Number(started[1]));
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    void api.exited.then(({ code, signal }) =>
      rejectPort(new Error(`the API exited (${code ?? signal}) before it listened:\n${api.output}`)),
    );
    return api;
  }

  /** Resolves with the port once the service listens and its store answers `/health`. */
  async ready(timeoutMs = 30_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const port = await Promise.race([
      this.port,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the API did not start:\n${this.output}`)), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
    for (;;) {
      try {
        const response = await fetch(`http://${this.host}:${port}/health`, { signal: AbortSignal.timeout(2_000) });
        if (response.status === 200) return port;
      } catch {
        // Not answering yet.
      }
      if (Date.now() > deadline) throw new Error(`/health never answered 200:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  kill(signal: NodeJS.Signals): Promise<ApiExit> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }
}
