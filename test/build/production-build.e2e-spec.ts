import { execFile, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { npmScriptAsNodeCommand } from '../support/npm-script.command';
import { REPO_ROOT } from '../support/repo-root';

const run = promisify(execFile);
const ORGANISER_TOKEN = 'production-organiser-token-0123';

/**
 * `npm run build`, then `npm run start:prod` as a production machine runs it: `dist` copied away from the source
 * tree (so nothing is found there by accident), with the installed node_modules beside it.
 *
 * Why it is slow: it runs the real build (Nest's compiler and the page bundles) and starts what it built, as a
 * deployment would.
 */
describe('the production build (npm run build, npm run start:prod)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-dist-'));
  let child: ReturnType<typeof spawn> | undefined;

  afterAll(() => {
    child?.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('builds a dist that starts anywhere, serves the API, the replay page (its verifier module too) and the verifier page, and stops cleanly on SIGTERM', async () => {
    await run('npm', ['run', '-s', 'build'], { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 });
    fs.cpSync(path.join(REPO_ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true });
    fs.copyFileSync(path.join(REPO_ROOT, 'package.json'), path.join(dir, 'package.json'));
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');

    const { command, args } = npmScriptAsNodeCommand('start:prod');
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ['EVENT_STORE', 'SQLITE_PATH', 'POSTGRES_URL', 'ESDB_CONNECTION_STRING', 'HOST'])
      delete env[name];
    const started = spawn(command, args, {
      cwd: dir,
      env: { ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ORGANISER_TOKEN },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    let output = '';
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      started.on('exit', (code, signal) => resolve({ code, signal })),
    );
    const port = await new Promise<number>((resolve, reject) => {
      const keep = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const line = /API on http:\/\/[^:\s]+:(\d+)/.exec(output);
        if (line) resolve(Number(line[1]));
      };
      started.stdout?.on('data', keep);
      started.stderr?.on('data', keep);
      void exited.then(({ code }) => reject(new Error(`dist exited (${code}) before it listened:\n${output}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    expect(output).toContain(`store: sqlite (./data/sanctum.db)`);

    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', info: { store: { status: 'up', kind: 'sqlite' } } });
    expect((await fetch(`${base}/docs-json`)).status).toBe(200);
    const { turns: _turns, ...setup } = JSON.parse(
      fs.readFileSync(path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json'), 'utf8'),
    ) as Record<string, unknown>;
    const created = await fetch(`${base}/games`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ORGANISER_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...setup, gameId: 'from-dist' }),
    });
    expect(created.status).toBe(201);
    // A set-up this large is checked in the worker thread (SetUpChecker): its file must be in dist and load there.
    const players = setup.players as Record<string, { deck: string[] }>;
    const largeSetup = { ...setup, players: { ...players, red: { ...players.red, deck: Array(5_000).fill('bolt') } } };
    const large = await fetch(`${base}/games`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ORGANISER_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...largeSetup, gameId: 'large-from-dist' }),
    });
    expect(large.status).toBe(201);
    const wrong = await fetch(`${base}/games`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ORGANISER_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...largeSetup, seed: -1, gameId: 'wrong-from-dist' }),
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await wrong.json())).toContain('seed');
    // The replay page and its assets, copied into dist by the build.
    const page = await fetch(`${base}/replay/from-dist`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    expect((await fetch(`${base}/replay/assets/replay.js`)).status).toBe(200);
    // The offline verifier page, built by `npm run build` into dist and served from there (no esbuild at run time).
    const built = fs.readFileSync(path.join(dir, 'dist/apps/api/src/verify/sanctum-verify.html'), 'utf8');
    const verifier = await fetch(`${base}/verify`);
    expect(verifier.status).toBe(200);
    expect(await verifier.text()).toBe(built);
    expect(verifier.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'sha256-/);
    // The replay page's verifier module, built into dist beside it too.
    const module = await fetch(`${base}/replay/assets/sanctum-verifier.js`);
    expect([module.status, module.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(await module.text()).toBe(
      fs.readFileSync(path.join(dir, 'dist/apps/api/src/verify/sanctum-verifier.js'), 'utf8'),
    );
    // The embedded store's default file, relative to where the service runs.
    expect(fs.existsSync(path.join(dir, 'data', 'sanctum.db'))).toBe(true);

    // Nest's shutdown hooks run, then re-raise the signal: the process ends by it, having logged no error.
    started.kill('SIGTERM');
    expect(await exited).toEqual({ code: null, signal: 'SIGTERM' });
    expect(output).not.toMatch(/"level":(50|60)|error/i);
    expect(output).not.toContain('worker failed');
  }, 240_000);
});
