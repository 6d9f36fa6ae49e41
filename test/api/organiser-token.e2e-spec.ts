/**
 * The organiser token of a first start, and the start-up lines and request logs of the service's own process.
 *
 * Why it is slow: what it checks is what that process prints (a first start, a restart, a terminal, each log format,
 * a port in use), so it starts the process seven times.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import request from 'supertest';
import { REPO_ROOT } from '../support/repo-root';
import { bearer, makeTempDir, removeTempDir } from './support/api-test-app';
import { readScenario, setupBody } from './support/scenario.http-player';
import { SseClient } from './support/sse-client';

const scenario = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));

/** Whether `script` (util-linux) is here to give the service a terminal for its stdout. */
const HAS_SCRIPT = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;

interface ServiceOptions {
  /** Run it with a pseudo-terminal as stdout (through `script`), as someone typing `npm start` has. */
  terminal?: boolean;
  env?: NodeJS.ProcessEnv;
}

/** `npm start`'s process (without npm), on its own database, with info logs; its output is collected. */
class Service {
  private raw = '';
  url = '';
  private readonly child: ChildProcess;
  private readonly exited: Promise<void>;

  constructor(dbPath: string, options: ServiceOptions = {}) {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      SQLITE_PATH: dbPath,
      LOG_LEVEL: 'info',
      GC_SCHEDULER: 'off',
      // Stopped with SIGTERM: the grace it then keeps listening for needs no length here.
      SHUTDOWN_GRACE_MS: '200',
    };
    for (const name of ['EVENT_STORE', 'ORGANISER_TOKEN', 'SERVER_SECRET', 'LOG_FORMAT']) delete env[name];
    Object.assign(env, options.env);
    const node = [
      process.execPath,
      '-r',
      'ts-node/register/transpile-only',
      '-r',
      'tsconfig-paths/register',
      'apps/api/src/main.ts',
    ];
    // `script -qfec CMD /dev/null` runs CMD on a pseudo-terminal and copies what it writes to its own stdout;
    // `exec`: the service is script's own child, which stop() signals.
    this.child = options.terminal
      ? spawn('script', ['-qfec', `exec ${node.join(' ')}`, '/dev/null'], {
          cwd: REPO_ROOT,
          env,
          stdio: ['pipe', 'pipe', 'pipe'],
        })
      : spawn(node[0], node.slice(1), { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    // Decoded as a stream: a chunk may end inside a character of the frame (3 bytes each).
    this.child.stdout?.setEncoding('utf8');
    this.child.stderr?.setEncoding('utf8');
    const keep = (chunk: string) => (this.raw += chunk);
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => this.child.on('exit', () => resolve()));
  }

  /** What it wrote so far; a terminal ends its lines with CR LF (a chunk may end between the two). */
  get output(): string {
    return this.raw.replace(/\r\n/g, '\n');
  }

  async started(): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const found = /Sanctum Chronicle API on (http:\/\/\S+) /.exec(this.output);
      if (found) {
        this.url = found[1];
        return;
      }
      if (Date.now() > deadline) throw new Error(`the service did not start:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Once the process ended by itself: its exit code. */
  async ended(): Promise<number | null> {
    await this.exited;
    return this.child.exitCode;
  }

  /** Until the output shows `pattern` (a terminal's copy may lag behind the request that caused it). */
  async waitFor(pattern: RegExp): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!pattern.test(this.output)) {
      if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * SIGTERM to the service. Behind `script`, the service itself is signalled, never `script`: on a signal `script`
   * leaves its copy loop at once (util-linux lib/pty-session.c, `while (!pty->delivered_signal)`), so what the
   * service had written but `script` had not read yet (the token line, right after the start line) was lost. Once
   * the service exits, `script` copies what is left on the terminal and ends.
   */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    if (this.child.spawnargs[0] !== 'script') this.child.kill('SIGTERM');
    else {
      const pid = this.child.pid!;
      const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
      if (children !== '') process.kill(Number(children.split(' ')[0]), 'SIGTERM');
    }
    await this.exited;
  }
}

/** The JSON lines of an output (a line that is not one fails the test: JSON mode writes nothing else). */
function jsonLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * ORGANISER_TOKEN and SERVER_SECRET unset: the first start generates both, keeps them next to the database (0600)
 * and prints the organiser token — that once. Later starts read them, so every token given out stays valid. No
 * token ever reaches the logs: not the Authorization header, not an event stream's `?token=`.
 */
describe('the organiser token of a first start (e2e, the service’s own process)', () => {
  const dir = makeTempDir();
  const dbPath = path.join(dir, 'data', 'sanctum.db');
  const services: Service[] = [];

  afterAll(async () => {
    await Promise.all(services.map((service) => service.stop()));
    removeTempDir(dir);
  });

  async function start(where = dbPath, options: ServiceOptions = {}): Promise<Service> {
    const service = new Service(where, options);
    services.push(service);
    await service.started();
    return service;
  }

  it('is printed once, kept next to the database, never logged; tokens work across restarts', async () => {
    const first = await start();
    // Not a terminal: JSON lines, the token in a field of its own — a write of its own after the start line, which
    // the pipe may hand over in a later chunk.
    await first.waitFor(/"organiserToken":[^\n]*\n/);
    const printed = jsonLines(first.output).find((line) => 'organiserToken' in line);
    expect(printed).toMatchObject({ level: 30, msg: expect.stringContaining('organiser token generated, saved in') });
    const { organiserToken, savedIn } = printed as { organiserToken: string; savedIn: string };
    expect(savedIn).toBe(path.join(dir, 'data', 'secrets.json'));
    expect(fs.statSync(savedIn).mode & 0o777).toBe(0o600);

    const created = await request(first.url)
      .post('/games')
      .set(bearer(organiserToken))
      .send(setupBody(scenario, 'kept'))
      .expect(201);
    const red = created.body.playerTokens.red as string;
    await request(first.url).get('/games/kept/events').set(bearer(red)).expect(200);
    const stream = await SseClient.open(`${first.url}/games/kept/events/stream?token=${encodeURIComponent(red)}`);
    await stream.waitFor((events) => events.length > 0);
    stream.close();
    await request(first.url).get('/games/kept/audit').set(bearer(organiserToken)).expect(200);
    await first.stop();

    // The request log lines are there, with the tokens replaced; the organiser token is printed that one time only.
    expect(first.output).toContain('/games/kept/events/stream?token=[Redacted]');
    expect(first.output.split(organiserToken).length - 1).toBe(1);
    expect(first.output).not.toContain(red);
    expect(first.output).not.toContain(created.body.playerTokens.blue);

    const second = await start();
    expect(second.output).not.toContain('organiser token');
    expect(second.output).not.toContain(organiserToken);
    await request(second.url).get('/games/kept/audit').set(bearer(organiserToken)).expect(200);
    await request(second.url).get('/games/kept/state').set(bearer(red)).expect(200);
    await second.stop();
    expect(second.output).not.toContain(red);
  });

  /** The token's frame: its rule lines and the token alone on its line inside it. */
  function framedToken(output: string): string | undefined {
    const frame = /^ {2}╔═+╗\n((?: {2}║.*║\n)+) {2}╚═+╝$/m.exec(output);
    expect(frame).not.toBeNull();
    expect(frame![1]).toContain('ORGANISER TOKEN — generated at this first start, shown only this once');
    return /^ {2}║ {4}(\S+) +║$/m.exec(frame![1])?.[1];
  }

  (HAS_SCRIPT ? it : it.skip)(
    'on a terminal: short human lines and the token in a frame of its own; LOG_FORMAT=json still gives JSON there',
    async () => {
      const onTerminal = await start(path.join(dir, 'tty', 'sanctum.db'), { terminal: true });
      await request(onTerminal.url).get('/games').expect(200);
      await request(onTerminal.url).get('/games/none/state').expect(404);
      await onTerminal.waitFor(/GET \/games\/none\/state 404/);
      await onTerminal.stop();
      const token = framedToken(onTerminal.output);
      const secrets = JSON.parse(fs.readFileSync(path.join(dir, 'tty', 'secrets.json'), 'utf8'));
      expect(token).toBe(secrets.organiserToken);
      expect(onTerminal.output).toContain(`Saved in ${path.join(dir, 'tty', 'secrets.json')}; later starts read it`);
      expect(onTerminal.output).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/games 200 \d+ ms$/m);
      expect(onTerminal.output).toMatch(/^\d\d:\d\d:\d\d WARN {2}GET \/games\/none\/state 404 \d+ ms$/m);
      // Neither JSON nor Nest's list of every route.
      expect(onTerminal.output).not.toMatch(/^\{/m);
      expect(onTerminal.output).not.toContain('Mapped {');

      const forcedJson = await start(path.join(dir, 'tty-json', 'sanctum.db'), {
        terminal: true,
        env: { LOG_FORMAT: 'json' },
      });
      // Stopped right after the start line: the token line written just after it must be there all the same.
      await forcedJson.stop();
      const lines = jsonLines(forcedJson.output);
      expect(lines.filter((line) => 'organiserToken' in line)).toEqual([
        expect.objectContaining({
          organiserToken: JSON.parse(fs.readFileSync(path.join(dir, 'tty-json', 'secrets.json'), 'utf8'))
            .organiserToken,
        }),
      ]);
    },
  );

  it('LOG_FORMAT=pretty gives the human lines and the framed token where stdout is not a terminal', async () => {
    const pretty = await start(path.join(dir, 'pretty', 'sanctum.db'), { env: { LOG_FORMAT: 'pretty' } });
    await request(pretty.url).get('/health').expect(200);
    await pretty.waitFor(/GET \/health 200/);
    await pretty.stop();
    const secrets = JSON.parse(fs.readFileSync(path.join(dir, 'pretty', 'secrets.json'), 'utf8'));
    expect(framedToken(pretty.output)).toBe(secrets.organiserToken);
    expect(pretty.output.split(secrets.organiserToken).length - 1).toBe(1);
    expect(pretty.output).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/health 200 \d+ ms$/m);
    expect(pretty.output).not.toMatch(/^\{/m);
  });

  it('a port already in use: one line that says so and names PORT, no stack', async () => {
    const first = await start(path.join(dir, 'port', 'sanctum.db'));
    const port = new URL(first.url).port;
    const second = new Service(path.join(dir, 'port-2', 'sanctum.db'), { env: { PORT: port } });
    services.push(second);
    expect(await second.ended()).toBe(1);
    expect(second.output).toContain(`cannot start the API: port ${port} is already in use`);
    expect(second.output).toContain('set PORT to a free port');
    expect(second.output).not.toMatch(/\n\s+at /);
    await first.stop();
  });
});
