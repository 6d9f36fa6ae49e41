import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { npmScriptAsNodeCommand } from '../../support/npm-script.command';
import { REPO_ROOT } from '../../support/run-cli';

export interface ApiProcessOptions {
  sqlitePath: string;
  organiserToken: string;
  serverSecret: string;
  /** Default 0 (any free port); a fixed one lets a client find the service again after a restart. */
  port?: number;
}

export interface ApiExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The HTTP service as its own process on a SQLite file; PORT=0 lets it pick a free port, read from its start line. */
export class ApiProcess {
  readonly exited: Promise<ApiExit>;
  /** The end of what it wrote (for a failure message). */
  private output = '';

  private constructor(
    readonly child: ChildProcessWithoutNullStreams,
    readonly port: Promise<number>,
  ) {
    this.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  }

  get log(): string {
    return this.output;
  }

  static start(options: ApiProcessOptions): ApiProcess {
    const { command, args } = npmScriptAsNodeCommand('start');
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ['EVENT_STORE', 'SQLITE_PATH', 'ESDB_CONNECTION_STRING', 'PORT', 'BODY_LIMIT']) delete env[name];
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env: {
        ...env,
        PORT: String(options.port ?? 0),
        EVENT_STORE: 'sqlite',
        SQLITE_PATH: options.sqlitePath,
        ORGANISER_TOKEN: options.organiserToken,
        SERVER_SECRET: options.serverSecret,
        GC_SCHEDULER: 'on',
        LOG_LEVEL: 'warn',
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
    const api = new ApiProcess(child, port);
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
        const response = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2_000) });
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
