/**
 * Issue #29, part 2: TLS to PostgreSQL as libpq documents `sslmode`. One server with `ssl=on` that takes TCP
 * clients over TLS only (pg_hba.conf `hostssl`), a certificate for 127.0.0.1 signed by a CA the test makes with
 * openssl, and a second CA that signed nothing of it. The server also listens on 127.0.0.2, a name its certificate
 * does not carry.
 */
import { execFile, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { EventStoreConfigurationError } from '@app/event-store';
import { PostgresEventStore } from '@app/event-store/postgres/postgres-event-store';
import { ApiProcess } from '../crash/support/api.child-process';
import { RECEIPT_SIGNING_KEY } from '../multi-instance/support/service-instances';
import { PostgresCluster, describeWithPostgres } from '../support/postgres-cluster';
import { batch } from './contract-helpers';

const run = promisify(execFile);
const opensslMissing = spawnSync('sh', ['-c', 'command -v openssl']).status !== 0;

/** A CA (key and self-signed certificate) in `dir`. */
async function makeCa(dir: string, name: string): Promise<string> {
  const key = path.join(dir, `${name}.key`);
  const cert = path.join(dir, `${name}.crt`);
  await run(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert].concat([
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
    ]),
  );
  return cert;
}

/** A server key and certificate for IP 127.0.0.1 only, signed by the CA `ca`. */
async function makeServerCert(dir: string, ca: string): Promise<{ cert: string; key: string }> {
  const key = path.join(dir, 'server.key');
  const csr = path.join(dir, 'server.csr');
  const cert = path.join(dir, 'server.crt');
  const ext = path.join(dir, 'server.ext');
  fs.writeFileSync(ext, 'subjectAltName = IP:127.0.0.1\n');
  await run('openssl', [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    key,
    '-out',
    csr,
    '-subj',
    '/CN=sanctum-db',
  ]);
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    csr,
    '-CA',
    ca,
    '-CAkey',
    ca.replace(/\.crt$/, '.key'),
    '-CAcreateserial',
    '-out',
    cert,
    '-days',
    '2',
    '-extfile',
    ext,
  ]);
  return { cert, key };
}

/** Files the server reads must be the server user's (PostgreSQL refuses a key others may read). */
function handToServer(files: string[]): void {
  if (process.getuid?.() !== 0) return;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  for (const file of files) fs.chownSync(file, id('-u'), id('-g'));
}

(opensslMissing ? describe.skip : describeWithPostgres)(
  `postgres over TLS (sslmode, sslrootcert)${opensslMissing ? ' (skipped: no openssl)' : ''}`,
  () => {
    let cluster: PostgresCluster;
    let dir: string;
    let ca: string;
    let otherCa: string;
    const stores: PostgresEventStore[] = [];

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-tls-'));
      fs.chmodSync(dir, 0o755);
      ca = await makeCa(dir, 'sanctum-ca');
      otherCa = await makeCa(dir, 'other-ca');
      const server = await makeServerCert(dir, ca);
      fs.chmodSync(server.key, 0o600);
      const hba = path.join(dir, 'pg_hba.conf');
      // TCP clients over TLS only; the test's own checks come over the Unix socket.
      fs.writeFileSync(hba, 'local all all trust\nhostssl all all 127.0.0.0/8 trust\n');
      handToServer([server.key, server.cert, hba]);
      cluster = await PostgresCluster.create({
        settings: {
          fsync: 'off',
          ssl: 'on',
          ssl_cert_file: server.cert,
          ssl_key_file: server.key,
          hba_file: hba,
          listen_addresses: "'127.0.0.1,127.0.0.2'",
        },
      });
    }, 60_000);

    afterAll(async () => {
      await Promise.all(stores.map((store) => store.close()));
      await cluster?.destroy();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    const store = (query: string, host = '127.0.0.1') => {
      const created = new PostgresEventStore({
        connectionString: `postgresql://postgres@${host}:${cluster.serverPort}/postgres?${query}`,
        schema: `tls_${stores.length}`,
      });
      stores.push(created);
      return created;
    };

    it('sslmode=verify-full with the CA in sslrootcert: connects, over TLS', async () => {
      const verified = store(`sslmode=verify-full&sslrootcert=${ca}`);
      await verified.append('a', batch(2), 'no-stream');
      expect((await verified.readStream('a')).map((e) => e.revision)).toEqual([0, 1]);
      const encrypted = await cluster.withClient(async (client) => {
        const { rows } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_ssl JOIN pg_stat_activity USING (pid)
           WHERE application_name = 'sanctum-chronicle' AND ssl`,
        );
        return rows[0]!.n;
      });
      expect(encrypted).toBeGreaterThan(0);
    });

    it('a certificate signed by another CA is refused, saying so', async () => {
      const error = await store(`sslmode=verify-full&sslrootcert=${otherCa}`)
        .ready()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EventStoreConfigurationError);
      expect((error as Error).message).toMatch(/TLS refused: its certificate is not signed by a CA of sslrootcert/);
    });

    it('a host name the certificate does not carry: verify-full refuses it, verify-ca (no name check) does not', async () => {
      const error = await store(`sslmode=verify-full&sslrootcert=${ca}`, '127.0.0.2')
        .ready()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EventStoreConfigurationError);
      expect((error as Error).message).toMatch(
        /its certificate does not name the host connected to.*ERR_TLS_CERT_ALTNAME_INVALID/,
      );
      await expect(store(`sslmode=verify-ca&sslrootcert=${ca}`, '127.0.0.2').ready()).resolves.toBeUndefined();
    });

    it('sslmode=disable against a server that requires TLS is refused, saying so', async () => {
      const error = await store('sslmode=disable')
        .ready()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EventStoreConfigurationError);
      expect((error as Error).message).toMatch(/requires TLS for this connection and sslmode=disable/);
    });

    it('settings that cannot work are refused before anything connects', () => {
      expect(() => store(`sslmode=verify-full&sslrootcert=${path.join(dir, 'missing.crt')}`)).toThrow(
        /postgres connection string: ENOENT.*missing\.crt/,
      );
      expect(() => store('sslmode=prefer')).toThrow(/sslmode=prefer is not supported/);
      expect(() => store('sslmode=verify-ca')).toThrow(/verify-ca requires specifying a CA with sslrootcert/);
    });

    it('the service does not start with a CA that did not sign the server’s certificate, and says why', async () => {
      const api = ApiProcess.start({
        organiserToken: 'tls-organiser-token-0123456789',
        serverSecret: 'tls-server-secret-0123456789abcdef',
        store: {
          EVENT_STORE: 'postgres',
          POSTGRES_URL: `postgresql://postgres@127.0.0.1:${cluster.serverPort}/postgres?sslmode=verify-full&sslrootcert=${otherCa}`,
        },
        env: { LOG_LEVEL: 'error', RECEIPT_SIGNING_KEY },
      });
      const exit = await api.exited;
      expect(exit.code).toBe(1);
      expect(api.log).toMatch(
        /cannot start the API: EventStoreConfigurationError: event store configuration: postgres refused this service \(127\.0\.0\.1:\d+: TLS refused: its certificate is not signed by a CA of sslrootcert/,
      );
    }, 60_000);
  },
);
