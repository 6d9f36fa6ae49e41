import * as fs from 'node:fs';
import * as path from 'node:path';
import { createPublicKey } from 'node:crypto';
import {
  type KeptTreeHead,
  type NoteVerifierKey,
  type SignedTreeHead,
  decodeBase64,
  encodeBase64,
  keptOfTreeHead,
  keysOfPublished,
  parseSignedNote,
  parseTlogProof,
  parseVerifierKey,
  rawEd25519PublicKey,
  rotateReceiptSigningKey,
  verifyCheckpoint,
  verifyTlogConsistencyText,
  verifyTlogProofText,
  webNoteCrypto,
} from '@app/games';
import { type CliRun, runSanctum } from '../support/run-cli';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from './support/api-test-app';
import { createGame, readScenario, setupBody } from './support/scenario.http-player';

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');
const ORIGIN = 'cup.example/sanctum-log';
const TEXT = 'text/plain; charset=utf-8';

interface KeysDocument {
  keys: { keyId: string; publicKey: string; vkey: string }[];
}

/** One base64 hash line changed (its first character), as a forger would. */
function flippedLine(text: string, line: number): string {
  const lines = text.split('\n');
  const old = lines[line] as string;
  lines[line] = `${old[0] === 'A' ? 'B' : 'A'}${old.slice(1)}`;
  return lines.join('\n');
}

describe('the tournament log in the C2SP formats: checkpoint, vkey, tlog-proof, consistency (issue #28, 1)', () => {
  const dir = makeTempDir();
  const dbPath = path.join(dir, 'log.db');
  const file = (name: string) => path.join(dir, name);
  let api: ApiTestApp;
  let document: KeysDocument;
  let noteKeys: NoteVerifierKey[];
  let statementKeys: ReturnType<typeof keysOfPublished>;
  /** Checkpoints kept after each round, and the JSON tree heads of the same rounds. */
  const checkpoints: string[] = [];
  const treeHeads: SignedTreeHead[] = [];

  const start = () => startApi(dbPath, { gcScheduler: false, tournamentLogOrigin: ORIGIN });
  const readKeys = async () => {
    document = (await api.as().get('/.well-known/sanctum-keys').expect(200)).body;
    statementKeys = keysOfPublished(document, 'keys');
    noteKeys = await Promise.all(document.keys.map(({ vkey }) => parseVerifierKey(vkey, webNoteCrypto)));
  };
  const round = async () => {
    const { treeHead } = (await api.organiser.post('/log/heads').send({}).expect(200)).body;
    treeHeads.push(treeHead);
    const answer = await api.as().get('/log/checkpoint').expect(200);
    checkpoints.push(answer.text);
    return answer;
  };
  const kept = (i: number): KeptTreeHead => keptOfTreeHead(treeHeads[i] as SignedTreeHead);

  beforeAll(async () => {
    api = await start();
    await readKeys();
    const games = {
      north: await createGame(api, setupBody(readScenario(EXAMPLE), 'north')),
      south: await createGame(api, setupBody(readScenario(EXAMPLE), 'south')),
    };
    await round();
    await api
      .as(games.north.playerTokens.red)
      .post('/games/north/orders')
      .send({ player: 'red', cast: 'bolt', target: { minion: 'b-archer' } })
      .expect(201);
    await round();
  });
  afterAll(async () => {
    await api.close();
    removeTempDir(dir);
  });

  it('lists each key’s vkey beside its PEM: named after the origin, the same Ed25519 key', async () => {
    expect(document.keys).toHaveLength(1);
    const [entry] = document.keys;
    const [noteKey] = noteKeys;
    expect(entry?.vkey).toMatch(/^cup\.example\/sanctum-log\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}$/);
    expect(noteKey?.name).toBe(ORIGIN);
    expect(Buffer.from(noteKey?.publicKey ?? []).toString('hex')).toBe(
      Buffer.from(rawEd25519PublicKey(createPublicKey(entry?.publicKey ?? ''))).toString('hex'),
    );
  });

  it('GET /log/checkpoint: a signed note of the origin, size and base64 root — the JSON tree head’s', async () => {
    const answer = await api.as().get('/log/checkpoint').expect(200);
    expect(answer.headers['content-type']).toBe(TEXT);
    const [last] = treeHeads.slice(-1) as [SignedTreeHead];
    const root = encodeBase64(Buffer.from(last.root, 'hex'));
    expect(answer.text).toMatch(
      new RegExp(`^${ORIGIN}\\n3\\n${root.replace(/[+/]/g, '\\$&')}\\n\\n— ${ORIGIN} \\S+\\n$`),
    );
    expect(answer.text).toBe(checkpoints[1]);
    const verdict = await verifyCheckpoint(answer.text, noteKeys);
    expect(verdict).toMatchObject({ valid: true, checkpoint: { origin: ORIGIN, size: 3 } });
    // A size the log had answers the same bytes every time (Ed25519 is deterministic): a checkpoint can be re-fetched.
    expect((await api.as().get('/log/checkpoint?size=2').expect(200)).text).toBe(checkpoints[0]);
    expect(parseSignedNote(checkpoints[0] as string).text).toMatch(/^cup\.example\/sanctum-log\n2\n/);
    const empty = (await api.as().get('/log/checkpoint?size=0').expect(200)).text;
    expect(empty.split('\n').slice(0, 3)).toEqual([ORIGIN, '0', '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=']);
  });

  it('a checkpoint changed by a byte, or signed under another name, does not open', async () => {
    const checkpoint = checkpoints[1] as string;
    const forged = checkpoint.replace(`${ORIGIN}\n3\n`, `${ORIGIN}\n4\n`);
    expect(await verifyCheckpoint(forged, noteKeys)).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/does not verify/),
    });
    const renamed = [{ ...(noteKeys[0] as NoteVerifierKey), name: 'other.example/log' }];
    expect(await verifyCheckpoint(checkpoint, renamed)).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/no signature by a known key/),
    });
  });

  it('GET /log/tlog-proof: one file with the head, its index, the audit path and the checkpoint; it verifies', async () => {
    const answer = await api.as().get('/log/tlog-proof?gameId=north').expect(200);
    expect(answer.headers['content-type']).toBe(TEXT);
    const proof = parseTlogProof(answer.text);
    expect(proof.index).toBe(2);
    expect(proof.checkpoint).toBe(checkpoints[1]);
    const head = (await api.as().get('/games/north/head').expect(200)).body;
    expect(JSON.parse(Buffer.from(proof.extra ?? []).toString('utf8'))).toEqual(head);
    expect(await verifyTlogProofText(answer.text, noteKeys, statementKeys, kept(1))).toEqual({
      claim: `the head of game north at revision ${head.revision} is leaf 2 of the log ${ORIGIN} of size 3`,
      valid: true,
    });
    // At an earlier size: against the checkpoint kept then.
    const earlier = (await api.as().get('/log/tlog-proof?gameId=south&size=2').expect(200)).text;
    expect(parseTlogProof(earlier).checkpoint).toBe(checkpoints[0]);
    expect(await verifyTlogProofText(earlier, noteKeys, statementKeys, kept(0))).toMatchObject({ valid: true });
  });

  it('a tampered tlog-proof does not verify, and says why', async () => {
    const text = (await api.as().get('/log/tlog-proof?gameId=north').expect(200)).text;
    const lines = text.split('\n');
    const extra = decodeBase64((lines[1] as string).slice('extra '.length)) as Uint8Array;
    const otherHead = Buffer.from(Buffer.from(extra).toString('utf8').replace('"revision":', '"revision":1'));
    const tampered: [string, string, RegExp][] = [
      ['a hash changed', flippedLine(text, 3), /audit path does not lead/],
      ['another index', text.replace('index 2', 'index 1'), /audit path does not lead/],
      [
        'another head',
        text.replace(lines[1] as string, `extra ${encodeBase64(otherHead)}`),
        /audit path does not lead/,
      ],
      ['no head', text.replace(`${lines[1] as string}\n`, ''), /carries no entry/],
      ['a forged checkpoint', text.replace(`${ORIGIN}\n3\n`, `${ORIGIN}\n4\n`), /checkpoint: .*does not verify/],
    ];
    for (const [what, forged, reason] of tampered) {
      expect([what, await verifyTlogProofText(forged, noteKeys, statementKeys)]).toEqual([
        what,
        expect.objectContaining({ valid: false, reason: expect.stringMatching(reason) }),
      ]);
    }
    expect(await verifyTlogProofText(text, noteKeys, statementKeys, kept(0))).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/not the kept one \(size 2/),
    });
  });

  it('GET /log/tlog-consistency: from the kept checkpoint to the current one; a forged one does not verify', async () => {
    const answer = await api.as().get('/log/tlog-consistency?first=2').expect(200);
    expect(answer.headers['content-type']).toBe(TEXT);
    expect(answer.text.startsWith('old 2\n')).toBe(true);
    expect(answer.text.endsWith(`\n\n${checkpoints[1]}`)).toBe(true);
    expect(await verifyTlogConsistencyText(answer.text, noteKeys, kept(0))).toEqual({
      claim: `the log ${ORIGIN} of size 3 extends the log of size 2`,
      valid: true,
    });
    expect(await verifyTlogConsistencyText(flippedLine(answer.text, 1), noteKeys, kept(0))).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/does not show the log of size 3 extending/),
    });
    const otherRoot = { size: 2, rootHash: new Uint8Array(32) };
    expect(await verifyTlogConsistencyText(answer.text, noteKeys, otherRoot)).toMatchObject({ valid: false });
    expect(await verifyTlogConsistencyText(answer.text, noteKeys, kept(1))).toMatchObject({
      valid: false,
      reason: 'the proof is from size 2, the kept tree head is of size 3',
    });
  });

  it('answers 404 (as JSON) for what the log does not hold, and 400 naming the field', async () => {
    for (const route of ['/log/checkpoint?size=9', '/log/tlog-proof?gameId=nowhere', '/log/tlog-consistency?first=9']) {
      const answer = await api.as().get(route).expect(404);
      expect([route, answer.headers['content-type']]).toEqual([route, expect.stringMatching(/^application\/json/)]);
    }
    expect(JSON.stringify((await api.as().get('/log/tlog-proof').expect(400)).body)).toMatch(/gameId/);
    expect(JSON.stringify((await api.as().get('/log/tlog-consistency?first=3&second=2').expect(400)).body)).toMatch(
      /second/,
    );
  });

  it('the OpenAPI document says so: text when they succeed, the usual JSON errors', async () => {
    const { paths } = (await api.as().get('/docs-json').expect(200)).body;
    for (const route of ['/log/checkpoint', '/log/tlog-proof', '/log/tlog-consistency']) {
      const { responses } = paths[route].get;
      expect([route, Object.keys(responses['200'].content), Object.keys(responses['404'].content)]).toEqual([
        route,
        [TEXT],
        ['application/json'],
      ]);
    }
  });

  it('sanctum verify-proof takes the C2SP forms, with the keys document or the vkey alone', async () => {
    fs.writeFileSync(file('keys.json'), JSON.stringify(document));
    fs.writeFileSync(file('log.vkey'), `${document.keys[0]?.vkey}\n`);
    fs.writeFileSync(file('key.pem'), document.keys[0]?.publicKey ?? '');
    fs.writeFileSync(file('north.tlog-proof'), (await api.as().get('/log/tlog-proof?gameId=north')).text);
    fs.writeFileSync(file('consistency.txt'), (await api.as().get('/log/tlog-consistency?first=2')).text);
    fs.writeFileSync(file('tampered.txt'), flippedLine(fs.readFileSync(file('consistency.txt'), 'utf8'), 1));
    fs.writeFileSync(file('kept-2.checkpoint'), checkpoints[0] as string);
    fs.writeFileSync(file('kept-3.checkpoint'), checkpoints[1] as string);
    fs.writeFileSync(file('tree-head-2.json'), JSON.stringify(treeHeads[0]));
    fs.writeFileSync(file('inclusion.json'), JSON.stringify((await api.as().get('/log/inclusion?gameId=north')).body));
    const keys = ['--key', file('keys.json')];
    const runs: CliRun[] = await Promise.all([
      runSanctum(['verify-proof', file('north.tlog-proof'), ...keys]),
      runSanctum([
        'verify-proof',
        file('north.tlog-proof'),
        '--key',
        file('log.vkey'),
        '--tree-head',
        file('kept-3.checkpoint'),
      ]),
      runSanctum(['verify-proof', file('consistency.txt'), ...keys, '--tree-head', file('kept-2.checkpoint')]),
      runSanctum(['verify-proof', file('consistency.txt'), ...keys, '--tree-head', file('tree-head-2.json')]),
      runSanctum([
        'verify-proof',
        file('tampered.txt'),
        '--key',
        document.keys[0]?.vkey ?? '',
        '--tree-head',
        file('kept-2.checkpoint'),
      ]),
      runSanctum(['verify-proof', file('kept-3.checkpoint'), '--key', `${api.url}/.well-known/sanctum-keys`]),
      runSanctum([
        'verify-proof',
        file('inclusion.json'),
        '--key',
        file('log.vkey'),
        '--tree-head',
        file('kept-3.checkpoint'),
      ]),
      runSanctum(['verify-proof', file('north.tlog-proof'), ...keys, '--tree-head', file('kept-2.checkpoint')]),
      runSanctum(['verify-proof', file('consistency.txt'), ...keys]),
      runSanctum(['verify-proof', file('north.tlog-proof'), '--key', file('key.pem')]),
    ]);
    expect(runs.map((run) => run.exitCode)).toEqual([0, 0, 0, 0, 3, 0, 0, 3, 2, 2]);
    expect(runs[0]?.stdout).toMatch(
      /^verdict: VALID: the head of game north at revision 7 is leaf 2 of the log cup\.example\/sanctum-log of size 3\n$/,
    );
    expect(runs[2]?.stdout).toMatch(/VALID: the log cup\.example\/sanctum-log of size 3 extends the log of size 2/);
    expect(runs[4]?.stdout).toMatch(/NOT VALID: .*the proof does not show/);
    expect(runs[5]?.stdout).toMatch(/VALID: the checkpoint of the log cup\.example\/sanctum-log at size 3 is signed/);
    expect(runs[7]?.stdout).toMatch(/NOT VALID: .*not the kept one/);
    expect(runs[8]?.stderr).toMatch(/carries no earlier root: give --tree-head/);
    expect(runs[9]?.stderr).toMatch(/--key must give verifier keys/);
  }, 90_000);

  it('after a key rotation: the retired key’s vkey stays listed, and the checkpoints it signed still open', async () => {
    await api.close();
    rotateReceiptSigningKey(path.join(dir, 'secrets.json'));
    api = await start();
    const before = noteKeys;
    await readKeys();
    expect(noteKeys).toHaveLength(2);
    expect(noteKeys[1]).toEqual(before[0]);
    expect(noteKeys[0]?.keyId).not.toBe(before[0]?.keyId);
    expect(noteKeys.map((key) => key.name)).toEqual([ORIGIN, ORIGIN]);
    for (const checkpoint of checkpoints)
      expect(await verifyCheckpoint(checkpoint, noteKeys)).toMatchObject({ valid: true });
    const now = (await api.as().get('/log/checkpoint').expect(200)).text;
    expect(await verifyCheckpoint(now, noteKeys)).toMatchObject({ valid: true, signedBy: noteKeys[0] });
    expect(await verifyCheckpoint(now, before)).toMatchObject({ valid: false });
    const consistency = (await api.as().get('/log/tlog-consistency?first=2').expect(200)).text;
    expect(await verifyTlogConsistencyText(consistency, noteKeys, kept(0))).toMatchObject({ valid: true });
  });
});
