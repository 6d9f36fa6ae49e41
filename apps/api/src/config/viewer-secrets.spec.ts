import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { assertSecretsSharedByInstances, resolveViewerSecrets, secretsFileFor } from './viewer-secrets';

describe('viewer secrets (ORGANISER_TOKEN, SERVER_SECRET)', () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-secrets-'));
    file = path.join(dir, 'data', 'secrets.json');
  });

  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('live next to the SQLite database; in memory with the store', () => {
    expect(secretsFileFor({ kind: 'sqlite', sqlitePath: '/srv/games/sanctum.db' })).toBe('/srv/games/secrets.json');
    expect(secretsFileFor({ kind: 'sqlite' })).toBe(path.join('data', 'secrets.json'));
    expect(secretsFileFor({ kind: 'esdb', esdbConnectionString: 'esdb://x' })).toBe(path.join('data', 'secrets.json'));
    expect(secretsFileFor({ kind: 'memory' })).toBeNull();
    expect(secretsFileFor({ kind: 'sqlite', sqlitePath: ':memory:' })).toBeNull();
  });

  it('must all be set on a postgres store (the token secrets and the receipt key), shared by instances on several machines', () => {
    const store = { kind: 'postgres' as const, postgresUrl: 'postgresql://db/sanctum' };
    expect(() => assertSecretsSharedByInstances(store, {}, {})).toThrow(
      /^EVENT_STORE=postgres needs ORGANISER_TOKEN and SERVER_SECRET and RECEIPT_SIGNING_KEY: every instance/,
    );
    expect(() => assertSecretsSharedByInstances(store, { organiserToken: 'organiser-token-0123' }, {})).toThrow(
      /^EVENT_STORE=postgres needs SERVER_SECRET and RECEIPT_SIGNING_KEY:/,
    );
    const both = { organiserToken: 'organiser-token-0123', serverSecret: 'server-secret-01234' };
    expect(() => assertSecretsSharedByInstances(store, both, {})).toThrow(
      /^EVENT_STORE=postgres needs RECEIPT_SIGNING_KEY:/,
    );
    expect(() => assertSecretsSharedByInstances(store, both, { signingKey: 'a PEM' })).not.toThrow();
    expect(() => assertSecretsSharedByInstances({ kind: 'sqlite' }, {}, {})).not.toThrow();
  });

  it('are generated at the first start, saved for the owner only, and read back at the next', () => {
    const first = resolveViewerSecrets({}, file);
    expect(first).toMatchObject({ file, organiserTokenGenerated: true });
    expect(first.organiserToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.serverSecret).not.toBe(first.organiserToken);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const second = resolveViewerSecrets({}, file);
    expect(second).toEqual({ ...first, organiserTokenGenerated: false });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['secrets.json']);
  });

  it('take what is configured, and only the rest from the file', () => {
    const given = { organiserToken: 'my-own-organiser-token', serverSecret: 'my-own-server-secret' };
    expect(resolveViewerSecrets(given, file)).toEqual({ ...given, file: null, organiserTokenGenerated: false });
    expect(fs.existsSync(file)).toBe(false);
    const mixed = resolveViewerSecrets({ organiserToken: given.organiserToken }, file);
    expect(mixed).toMatchObject({ organiserToken: given.organiserToken, organiserTokenGenerated: false });
    expect(mixed.serverSecret).toBe(resolveViewerSecrets({}, file).serverSecret);
  });

  it('agree when another process wrote the file first', () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const theirs = { organiserToken: 'their-organiser-token-0123', serverSecret: 'their-server-secret-0123' };
    fs.writeFileSync(file, JSON.stringify(theirs));
    expect(resolveViewerSecrets({}, file)).toEqual({ ...theirs, file, organiserTokenGenerated: false });
  });

  it('are not guessed from a file this service did not write', () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{"organiserToken": "short"}');
    expect(() => resolveViewerSecrets({}, file)).toThrow(/is not a secrets file this service wrote/);
  });

  it('are kept in memory (new at every start) for a store in memory', () => {
    const secrets = resolveViewerSecrets({}, null);
    expect(secrets).toMatchObject({ file: null, organiserTokenGenerated: true });
    expect(resolveViewerSecrets({}, null).organiserToken).not.toBe(secrets.organiserToken);
  });
});
