import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PostgresCluster, describeWithPostgres } from '../support/postgres-cluster';
import { REPO_ROOT } from '../support/repo-root';
import { chainedScenario, runCli } from './replay-transfer.cli-runner';

const EXAMPLE = path.join(REPO_ROOT, 'examples/bolt-and-blade.scenario.json');

/** The CLI on a postgres store (EVENT_STORE=postgres, POSTGRES_URL): import, verify and export a game. */
describeWithPostgres('sanctum import / verify / export on postgres (CLI end to end)', () => {
  let cluster: PostgresCluster;
  let dir: string;

  beforeAll(async () => {
    cluster = await PostgresCluster.create({ settings: { fsync: 'off' } });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-pg-transfer-'));
  });
  afterAll(async () => {
    await cluster?.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports a game, verifies it, and exports it byte for byte', async () => {
    const lines = chainedScenario(EXAMPLE, 'demo').map((event, revision) =>
      JSON.stringify({ revision, type: event.type, data: event.data, metadata: event.metadata }),
    );
    const exported = lines.map((line) => `${line}\n`).join('');
    const file = path.join(dir, 'game.jsonl');
    fs.writeFileSync(file, exported);
    const env = { EVENT_STORE: 'postgres', POSTGRES_URL: cluster.url() };

    const imported = await runCli({ args: ['import', file], env });
    expect({ exitCode: imported.exitCode, stderr: imported.stderr }).toMatchObject({ exitCode: 0 });
    const verified = await runCli({ args: ['verify', 'demo'], env });
    expect(verified.exitCode).toBe(0);
    const back = await runCli({ args: ['export', 'demo'], env });
    expect(back.exitCode).toBe(0);
    expect(back.stdout).toBe(exported);
    // Bad settings are refused before anything is opened, naming the variable.
    const missing = await runCli({ args: ['export', 'demo'], env: { EVENT_STORE: 'postgres' } });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('POSTGRES_URL');
  }, 120_000);
});
