import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import request from 'supertest';
import { REPO_ROOT } from '../support/run-cli';
import { bearer, makeTempDir, removeTempDir } from './support/api-test-app';
import { readScenario, setupBody } from './support/scenario.http-player';
import { SseClient } from './support/sse-client';

const scenario = readScenario(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'));

/** `npm start`'s process (without npm), on its own database, with info logs; its output is collected. */
class Service {
  output = '';
  url = '';
  private readonly child: ChildProcess;
  private readonly exited: Promise<void>;

  constructor(dbPath: string) {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      SQLITE_PATH: dbPath,
      LOG_LEVEL: 'info',
      GC_SCHEDULER: 'off',
      // Stopped with SIGTERM: the grace it then keeps listening for needs no length here.
      SHUTDOWN_GRACE_MS: '200',
    };
    for (const name of ['EVENT_STORE', 'ORGANISER_TOKEN', 'SERVER_SECRET']) delete env[name];
    this.child = spawn(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'apps/api/src/main.ts'],
      { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
    this.exited = new Promise((resolve) => this.child.on('exit', () => resolve()));
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

  async stop(): Promise<void> {
    this.child.kill('SIGTERM');
    await this.exited;
  }
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

  async function start(): Promise<Service> {
    const service = new Service(dbPath);
    services.push(service);
    await service.started();
    return service;
  }

  it('is printed once, kept next to the database, never logged; tokens work across restarts', async () => {
    const first = await start();
    const printed = /^organiser token: (\S+) \(generated, saved in (\S+);/m.exec(first.output);
    expect(printed).not.toBeNull();
    const [, organiserToken, savedIn] = printed as RegExpExecArray;
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
});
