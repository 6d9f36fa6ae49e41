import { execFile } from 'node:child_process';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { keyIdOf, publicKeyPem } from '../receipts/signing-key';
import { loadServiceSecrets, readServiceSecrets, rotateReceiptSigningKey } from './service-secrets.file';

const REPO_ROOT = path.resolve(__dirname, '../../../..');

const publicOf = (privatePem: string) => publicKeyPem(createPublicKey(createPrivateKey(privatePem)));

describe('the secrets file (organiser token, server secret, receipt signing key)', () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sanctum-secrets-file-'));
    file = path.join(dir, 'data', 'secrets.json');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is written at the first start with an Ed25519 receipt key, for the owner only, and read back after', () => {
    const first = loadServiceSecrets(file);
    expect(first.created).toBe(true);
    expect(createPrivateKey(first.secrets.receiptSigningKey).asymmetricKeyType).toBe('ed25519');
    expect(first.secrets.retiredReceiptKeys).toEqual([]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadServiceSecrets(file)).toEqual({ secrets: first.secrets, created: false });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['secrets.json']);
  });

  it('a file written before receipts gets a receipt key added, its tokens kept', () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const older = { organiserToken: 'older-organiser-token-0123', serverSecret: 'older-server-secret-0123' };
    fs.writeFileSync(file, JSON.stringify(older), { mode: 0o600 });
    const { secrets, created } = loadServiceSecrets(file);
    expect(created).toBe(false);
    expect(secrets).toMatchObject(older);
    expect(readServiceSecrets(file)).toEqual(secrets);
    expect(loadServiceSecrets(file).secrets.receiptSigningKey).toBe(secrets.receiptSigningKey);
  });

  it('processes starting at once on a new store all get the same key', async () => {
    const script =
      `const { loadServiceSecrets } = require('./libs/games/src/secrets/service-secrets.file');` +
      `process.stdout.write(loadServiceSecrets(${JSON.stringify(file)}).secrets.receiptSigningKey);`;
    const run = () =>
      promisify(execFile)(
        process.execPath,
        ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', '-e', script],
        { cwd: REPO_ROOT },
      );
    const outputs = await Promise.all([run(), run(), run()]);
    const keys = new Set(outputs.map((output) => output.stdout));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toBe(readServiceSecrets(file)?.receiptSigningKey);
  }, 60_000);

  it('a rotation signs with a new key and keeps the public half of the old one, newest first', () => {
    const { secrets } = loadServiceSecrets(file);
    const first = rotateReceiptSigningKey(file);
    expect(first.retired).toBe(publicOf(secrets.receiptSigningKey));
    const second = rotateReceiptSigningKey(file);
    const stored = readServiceSecrets(file);
    expect(stored?.organiserToken).toBe(secrets.organiserToken);
    expect(stored?.retiredReceiptKeys).toEqual([
      publicOf(first.secrets.receiptSigningKey),
      publicOf(secrets.receiptSigningKey),
    ]);
    expect(stored?.receiptSigningKey).toBe(second.secrets.receiptSigningKey);
    expect(
      new Set([secrets, first.secrets, second.secrets].map((s) => keyIdOf(createPublicKey(s.receiptSigningKey)))).size,
    ).toBe(3);
    expect(() => rotateReceiptSigningKey(path.join(dir, 'none.json'))).toThrow(
      /no secrets file at .*start the service once/,
    );
  });

  it('refuses a file whose receipt key is not one, naming the field', () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const bad = {
      organiserToken: 'some-organiser-token-0123',
      serverSecret: 'some-server-secret-0123',
      receiptSigningKey: 'x',
    };
    fs.writeFileSync(file, JSON.stringify(bad));
    expect(() => loadServiceSecrets(file)).toThrow(/secrets\.json: receiptSigningKey must be an Ed25519 private key/);
    fs.writeFileSync(file, JSON.stringify({ ...bad, receiptSigningKey: undefined, retiredReceiptKeys: ['y'] }));
    expect(() => loadServiceSecrets(file)).toThrow(/retiredReceiptKeys\[0\] must hold Ed25519 public keys/);
  });

  it('keeps nothing on disk for a store in memory: new secrets at every start', () => {
    expect(loadServiceSecrets(null).secrets.receiptSigningKey).not.toBe(
      loadServiceSecrets(null).secrets.receiptSigningKey,
    );
  });
});
