import { execFile, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';

const run = promisify(execFile);

/**
 * Where `initdb` and `pg_ctl` are: POSTGRES_BIN, else Debian's newest `/usr/lib/postgresql/<15 or later>/bin`
 * (`.ci/run` installs the package where it is missing), else the folder of an `initdb` on the PATH.
 */
function findPostgresBin(): string {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const debian = '/usr/lib/postgresql';
  const versions = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .filter((name) => /^\d+$/.test(name) && Number(name) >= 15)
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const bin = path.join(debian, version, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  return onPath === '' ? path.join(debian, '15', 'bin') : path.dirname(onPath);
}

export const POSTGRES_BIN = findPostgresBin();

/** Why the postgres suites cannot run here, or null when they can. */
export function postgresUnavailableReason(): string | null {
  for (const tool of ['initdb', 'pg_ctl']) {
    if (!fs.existsSync(path.join(POSTGRES_BIN, tool))) {
      return `no PostgreSQL binaries in ${POSTGRES_BIN} (apt-get install postgresql, or set POSTGRES_BIN)`;
    }
  }
  return null;
}

/** `describe`, or `describe.skip` under a title that says why, as the esdb contract does without a server. */
export function describeWithPostgres(title: string, body: () => void): void {
  const reason = postgresUnavailableReason();
  if (reason === null) describe(title, body);
  else describe.skip(`${title} (skipped: ${reason})`, body);
}

/** A port nobody listens on right now (the cluster takes it a moment later; start retries on a clash). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, every server command runs as the `postgres` user. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  const tool = path.join(POSTGRES_BIN, command);
  if (process.getuid?.() !== 0) return [tool, args];
  return ['runuser', ['-u', 'postgres', '--', tool, ...args]];
}

function serverUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

const live = new Set<PostgresCluster>();
// A test process that ends without its afterAll (a crash, a forced exit) still leaves no server or folder behind.
process.once('exit', () => {
  for (const cluster of live) cluster.destroySync();
});

export interface ClusterSettings {
  /** Extra `-c name=value` settings (the tests turn fsync off; the benchmarks keep the defaults). */
  settings?: Record<string, string>;
  /** Data checksums (which pg_rewind needs to make a former primary a standby). */
  dataChecksums?: boolean;
}

/** `psql`-free SQL as the server user: a standby or a server that only takes TLS is still reached this way. */
function socketUrl(dir: string, port: number, database: string): string {
  return `postgresql://postgres@${encodeURIComponent(dir)}:${port}/${database}`;
}

/**
 * A throwaway PostgreSQL cluster on a free port of 127.0.0.1, in a temporary folder (data, socket and log), for
 * one test file: `start()` in beforeAll, `destroy()` in afterAll (also after a failure) stops it and removes the
 * folder. `stop('immediate')` then `start()` again is a crash and a restart of the server, on the same port.
 */
export class PostgresCluster {
  readonly dir: string;
  private port = 0;
  private running = false;

  private constructor(
    dir: string,
    private readonly settings: Record<string, string>,
  ) {
    this.dir = dir;
  }

  /**
   * A standby of `primary` (pg_basebackup -R: it streams the primary's WAL and applies it), started and streaming.
   * Asynchronous unless the primary lists it in synchronous_standby_names (see `makeSynchronous`).
   */
  static async standbyOf(primary: PostgresCluster, options: ClusterSettings = {}): Promise<PostgresCluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-pg-standby-'));
    const cluster = new PostgresCluster(dir, options.settings ?? {});
    live.add(cluster);
    try {
      const owner = serverUser();
      if (owner) fs.chownSync(dir, owner.uid, owner.gid);
      const [command, args] = asServerUser('pg_basebackup', [
        '-D',
        cluster.dataDir,
        '-h',
        '127.0.0.1',
        '-p',
        String(primary.port),
        '-U',
        'postgres',
        '-X',
        'stream',
        '-R',
        '--no-sync',
      ]);
      await run(command, args);
      await cluster.start();
      await primary.waitUntil(
        `SELECT count(*) > 0 AS ok FROM pg_stat_replication WHERE state = 'streaming'`,
        'the standby to stream',
      );
      return cluster;
    } catch (error) {
      await cluster.destroy();
      throw error;
    }
  }

  static async create(options: ClusterSettings = {}): Promise<PostgresCluster> {
    const reason = postgresUnavailableReason();
    if (reason !== null) throw new Error(reason);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-pg-'));
    const cluster = new PostgresCluster(dir, options.settings ?? {});
    live.add(cluster);
    try {
      const owner = serverUser();
      if (owner) fs.chownSync(dir, owner.uid, owner.gid);
      const [command, args] = asServerUser('initdb', [
        '--no-sync',
        '-D',
        cluster.dataDir,
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
        '--locale=C',
        ...(options.dataChecksums ? ['--data-checksums'] : []),
      ]);
      await run(command, args);
      await cluster.start();
      return cluster;
    } catch (error) {
      await cluster.destroy();
      throw error;
    }
  }

  get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  /** A connection URI for `database` (the default one, `postgres`, unless told). */
  url(database = 'postgres'): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** The port it listens on (the same across restarts). */
  get serverPort(): number {
    return this.port;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Starts the server (again, on the same port after a stop); waits until it accepts connections. */
  async start(): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      if (this.port === 0 || attempt > 1) this.port = await freePort();
      const options = [
        `-k ${this.dir}`,
        `-p ${this.port}`,
        '-c listen_addresses=127.0.0.1',
        ...Object.entries(this.settings).map(([name, value]) => `-c ${name}=${value}`),
      ].join(' ');
      const [command, args] = asServerUser('pg_ctl', [
        '-D',
        this.dataDir,
        '-o',
        options,
        '-l',
        path.join(this.dir, 'server.log'),
        '-w',
        'start',
      ]);
      try {
        await run(command, args);
        this.running = true;
        return;
      } catch (error) {
        // Only a port taken meanwhile is worth another try, and only on a first start (the URL must not change).
        if (attempt >= 3 || this.running || !/could not bind|in use/i.test(this.log())) throw error;
      }
    }
  }

  /** `fast`: a clean shutdown; `immediate`: as after a crash (the next start recovers from the WAL). */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    if (!this.running) return;
    const [command, args] = asServerUser('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
    await run(command, args);
    this.running = false;
  }

  /** Promotes a standby: it ends recovery and accepts writes, on a new timeline. */
  async promote(): Promise<void> {
    const [command, args] = asServerUser('pg_ctl', ['-D', this.dataDir, '-w', 'promote']);
    await run(command, args);
  }

  /**
   * Makes this former primary (stopped) a standby of `source`, as an operator does after a failover: pg_rewind
   * takes back what it wrote that the new primary never received (needs wal_log_hints), then it streams from it.
   */
  async rejoinAsStandbyOf(source: PostgresCluster): Promise<void> {
    await this.stop('fast');
    // pg_rewind reads the new primary's timeline from its control file, which a promotion updates at its next
    // checkpoint only.
    await source.withClient((client) => client.query('CHECKPOINT'));
    const [command, args] = asServerUser('pg_rewind', [
      '-D',
      this.dataDir,
      `--source-server=host=127.0.0.1 port=${source.port} user=postgres dbname=postgres`,
      '-R',
      '--no-sync',
    ]);
    await run(command, args);
    await this.start();
    await this.waitUntil(
      `SELECT count(*) > 0 AS ok FROM pg_stat_wal_receiver WHERE status = 'streaming'`,
      'the rejoined standby to stream',
    );
  }

  /** Synchronous replication to every standby (`synchronous_standby_names = '*'`, `synchronous_commit = on`). */
  async makeSynchronous(): Promise<void> {
    await this.withClient(async (client) => {
      await client.query(`ALTER SYSTEM SET synchronous_standby_names = '*'`);
      await client.query(`ALTER SYSTEM SET synchronous_commit = 'on'`);
      await client.query('SELECT pg_reload_conf()');
    });
    await this.waitUntil(
      `SELECT count(*) > 0 AS ok FROM pg_stat_replication WHERE sync_state = 'sync'`,
      'a synchronous standby',
    );
  }

  /** A standby stops receiving WAL (its primary_conninfo emptied): it falls behind, as an asynchronous one may. */
  async stopReceiving(): Promise<void> {
    await this.withClient(async (client) => {
      await client.query(`ALTER SYSTEM SET primary_conninfo = ''`);
      await client.query('SELECT pg_reload_conf()');
    });
    await this.waitUntil(`SELECT count(*) = 0 AS ok FROM pg_stat_wal_receiver`, 'the WAL receiver to stop');
  }

  /** Polls `query` (one row, column `ok`) until it answers true. */
  async waitUntil(query: string, what: string, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const ok = await this.withClient(async (client) => (await client.query<{ ok: boolean }>(query)).rows[0]?.ok);
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${this.log().slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Ends every other connection to the server, as an administrator (or a failover) would. Returns how many. */
  async terminateConnections(): Promise<number> {
    return this.withClient(async (client) => {
      const { rows } = await client.query<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
         WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      return rows.filter((r) => r.ended).length;
    });
  }

  async createDatabase(name: string): Promise<string> {
    await this.withClient((client) => client.query(`CREATE DATABASE ${name}`));
    return this.url(name);
  }

  /** A connection over the server's Unix socket (whatever TLS and pg_hba.conf ask of TCP clients). */
  async withClient<T>(work: (client: Client) => Promise<T>, database = 'postgres'): Promise<T> {
    const client = new Client({ connectionString: socketUrl(this.dir, this.port, database) });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  /** The server's log (for a failure message). */
  log(): string {
    try {
      return fs.readFileSync(path.join(this.dir, 'server.log'), 'utf8');
    } catch {
      return '';
    }
  }

  async destroy(): Promise<void> {
    try {
      await this.stop('immediate');
    } catch {
      // Not running, or already gone: the folder goes anyway.
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
    live.delete(this);
  }

  destroySync(): void {
    if (this.running) {
      const [command, args] = asServerUser('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
      spawnSync(command, args, { stdio: 'ignore' });
      this.running = false;
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
    live.delete(this);
  }
}
