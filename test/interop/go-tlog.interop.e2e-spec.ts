import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  CheckpointSigner,
  type LoggedHead,
  ReceiptKeyRing,
  type SignedTreeHead,
  encodeBase64,
  generateSigningKeyPem,
  parseSigningKey,
} from '@app/games';
import { REPO_ROOT } from '../support/repo-root';
import { type ApiTestApp, makeTempDir, removeTempDir, startApi } from '../api/support/api-test-app';
import { type CreatedGame, createGame, readScenario, setupBody } from '../api/support/scenario.http-player';

/**
 * Debian's packages of the reference implementation: golang-go, and golang-golang-x-mod-dev, whose sources of
 * golang.org/x/mod/sumdb/{note,tlog} live in the system GOPATH. `.ci/run` installs both; without them the test is
 * reported skipped.
 */
const SYSTEM_GOPATH = '/usr/share/gocode';
const NOTE_PACKAGE = path.join(SYSTEM_GOPATH, 'src/golang.org/x/mod/sumdb/note');
const HAS_GO = spawnSync('go', ['version']).status === 0;
const HAS_X_MOD = fs.existsSync(NOTE_PACKAGE);
const MISSING = !HAS_GO ? '`go` is not installed' : !HAS_X_MOD ? `${NOTE_PACKAGE} is absent` : null;

if (MISSING !== null) {
  console.warn(
    `${MISSING}: the Go interoperability test of the tournament log is skipped (apt-get install golang-go golang-golang-x-mod-dev)`,
  );
}

const describeWithGo =
  MISSING === null
    ? describe
    : (name: string, body: () => void) => describe.skip(`${name} (skipped: ${MISSING})`, body);

const EXAMPLE = path.join(__dirname, '../../examples/bolt-and-blade.scenario.json');
const ORIGIN = 'interop.example/sanctum-cup';

/** One line of tlog-check's output. */
interface GoVerdict {
  check: string;
  ok: boolean;
  error?: string;
  size: number;
  root?: string;
}

interface FileCheck {
  name: string;
  file: string;
  old?: string;
}

/** The commands each game plays, one per move, in order (the example's first turn, then its execution): status. */
const MOVES: [player: 'red' | 'blue', route: string, body: Record<string, unknown>, status: number][] = [
  ['red', 'orders', { player: 'red', cast: 'bolt', target: { minion: 'b-archer' } }, 201],
  ['red', 'orders', { player: 'red', attack: { attacker: 'r-sword', victim: 'b-sword' } }, 201],
  ['blue', 'orders', { player: 'blue', cast: 'mend', target: { minion: 'b-archer' } }, 201],
  ['red', 'confirm', { player: 'red' }, 200],
  ['blue', 'confirm', { player: 'blue' }, 200],
];

/** The Go program, built in GOPATH mode (no module, no network): the reference packages come from Debian's GOPATH. */
function buildTlogCheck(dir: string): string {
  const binary = path.join(dir, 'tlog-check');
  const build = spawnSync('go', ['build', '-o', binary, './test/interop/tlog-check'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      GO111MODULE: 'off',
      GOPATH: `${path.join(dir, 'gopath')}${path.delimiter}${SYSTEM_GOPATH}`,
      GOFLAGS: '',
      // Kept between runs (the standard library's packages are compiled once), outside the repository.
      GOCACHE: process.env.GOCACHE ?? path.join(os.tmpdir(), 'sanctum-go-build-cache'),
    },
  });
  if (build.status !== 0) throw new Error(`go build failed:\n${build.stderr}`);
  return binary;
}

function runTlogCheck(binary: string, dir: string, manifest: object): GoVerdict[] {
  const file = path.join(dir, `manifest-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(manifest));
  const run = spawnSync(binary, [file], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`tlog-check failed (${run.status}):\n${run.stderr}`);
  return run.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as GoVerdict);
}

/** One base64 hash line of a proof changed (its first character). */
function flippedLine(text: string, line: number): string {
  const lines = text.split('\n');
  const old = lines[line] as string;
  lines[line] = `${old[0] === 'A' ? 'B' : 'A'}${old.slice(1)}`;
  return lines.join('\n');
}

describeWithGo('the tournament log, checked by golang.org/x/mod/sumdb/note and sumdb/tlog (issue #28, 1)', () => {
  const dir = makeTempDir();
  const file = (name: string) => path.join(dir, name);
  let api: ApiTestApp;
  let binary: string;
  let vkeys: string[];
  const games: Record<string, CreatedGame> = {};
  const played: Record<string, number> = {};
  /** After each round: the JSON tree head and the checkpoint file. */
  const rounds: { treeHead: SignedTreeHead; checkpoint: string }[] = [];

  const move = async (gameId: string) => {
    const at = played[gameId] ?? 0;
    const [player, route, body, status] = MOVES[at] as (typeof MOVES)[number];
    const token = (games[gameId] as CreatedGame).playerTokens[player];
    await api.as(token).post(`/games/${gameId}/${route}`).send(body).expect(status);
    played[gameId] = at + 1;
  };
  const create = async (gameId: string) => {
    games[gameId] = await createGame(api, setupBody(readScenario(EXAMPLE), gameId));
  };
  const round = async () => {
    const { treeHead } = (await api.organiser.post('/log/heads').send({}).expect(200)).body;
    const checkpoint = file(`checkpoint-${treeHead.size}`);
    fs.writeFileSync(checkpoint, (await api.as().get('/log/checkpoint').expect(200)).text);
    rounds.push({ treeHead, checkpoint });
  };

  beforeAll(async () => {
    binary = buildTlogCheck(dir);
    api = await startApi(file('log.db'), { gcScheduler: false, tournamentLogOrigin: ORIGIN });
    vkeys = (await api.as().get('/.well-known/sanctum-keys').expect(200)).body.keys.map(
      (key: { vkey: string }) => key.vkey,
    );
    // Several games, and heads over time: the log grows to 2, 3, 5, 7, 8 and 11 heads.
    await create('north');
    await create('south');
    await round();
    await move('north');
    await round();
    await create('east');
    await move('south');
    await round();
    await move('north');
    await move('east');
    await round();
    await move('south');
    await round();
    for (const gameId of ['north', 'south', 'east']) await move(gameId);
    await round();
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    removeTempDir(dir);
  });

  it('note.Open opens every checkpoint with the published vkey; size and root are the JSON tree head’s', () => {
    expect(rounds.map(({ treeHead }) => treeHead.size)).toEqual([2, 3, 5, 7, 8, 11]);
    const verdicts = runTlogCheck(binary, dir, {
      vkeys,
      origin: ORIGIN,
      checkpoints: rounds.map(({ checkpoint }, i) => ({ name: `round ${i + 1}`, file: checkpoint })),
    });
    expect(verdicts).toEqual(
      rounds.map(({ treeHead }, i) => ({
        check: `round ${i + 1}`,
        ok: true,
        size: treeHead.size,
        root: encodeBase64(Buffer.from(treeHead.root, 'hex')),
      })),
    );
  });

  it('tlog.CheckRecord verifies the tlog-proof of every head, in every checkpoint that holds it', async () => {
    const { entries } = (await api.as().get('/log/entries').expect(200)).body as { entries: LoggedHead[] };
    expect(entries).toHaveLength(11);
    const inclusions: FileCheck[] = [];
    for (const { treeHead } of rounds) {
      for (const { index, head } of entries.slice(0, treeHead.size)) {
        const name = `leaf ${index} (${head.gameId}@${head.revision}) in ${treeHead.size}`;
        const query = `gameId=${head.gameId}&revision=${head.revision}&size=${treeHead.size}`;
        const proof = (await api.as().get(`/log/tlog-proof?${query}`).expect(200)).text;
        expect([name, proof.split('\n')[2]]).toEqual([name, `index ${index}`]);
        fs.writeFileSync(file(`${name}.tlog-proof`), proof);
        inclusions.push({ name, file: file(`${name}.tlog-proof`) });
      }
    }
    expect(inclusions).toHaveLength(2 + 3 + 5 + 7 + 8 + 11);
    const verdicts = runTlogCheck(binary, dir, { vkeys, origin: ORIGIN, inclusions });
    expect(verdicts.filter((verdict) => !verdict.ok)).toEqual([]);
    expect(verdicts.map((verdict) => verdict.check)).toEqual(inclusions.map((check) => check.name));
  });

  it('tlog.CheckTree verifies the consistency proof between every two checkpoints kept', async () => {
    const consistencies: FileCheck[] = [];
    for (const [i, older] of rounds.entries()) {
      for (const newer of rounds.slice(i)) {
        const [first, second] = [older.treeHead.size, newer.treeHead.size];
        const text = (await api.as().get(`/log/tlog-consistency?first=${first}&second=${second}`).expect(200)).text;
        const name = `${first} → ${second}`;
        fs.writeFileSync(file(`consistency-${first}-${second}`), text);
        consistencies.push({ name, file: file(`consistency-${first}-${second}`), old: older.checkpoint });
      }
    }
    expect(consistencies).toHaveLength(21);
    const verdicts = runTlogCheck(binary, dir, { vkeys, origin: ORIGIN, consistencies });
    expect(verdicts.filter((verdict) => !verdict.ok)).toEqual([]);
    expect(verdicts.map((verdict) => verdict.check)).toEqual(consistencies.map((check) => check.name));
  });

  it('and refuses the forgeries: a changed checkpoint, another key, a changed proof, index or entry', async () => {
    const [, , third, fourth] = rounds as [unknown, unknown, (typeof rounds)[number], (typeof rounds)[number]];
    const write = (name: string, text: string) => {
      fs.writeFileSync(file(name), text);
      return file(name);
    };
    const checkpoint = fs.readFileSync(fourth.checkpoint, 'utf8');
    const proof = (await api.as().get('/log/tlog-proof?gameId=south&size=7').expect(200)).text;
    const [, extraLine = ''] = proof.split('\n');
    const otherEntry = Buffer.from(extraLine.slice('extra '.length), 'base64')
      .toString('utf8')
      .replace('"south"', '"north"');
    const consistency = (await api.as().get('/log/tlog-consistency?first=5&second=7').expect(200)).text;
    // A key the service never had, under the log's name: its checkpoint must not open with the published vkey.
    const stranger = new CheckpointSigner(
      new ReceiptKeyRing(parseSigningKey(generateSigningKeyPem(), 'a stranger')),
      ORIGIN,
    );
    const strangerCheckpoint = stranger.sign({ size: 7, rootHash: Buffer.from(fourth.treeHead.root, 'hex') });

    const forged = runTlogCheck(binary, dir, {
      vkeys,
      origin: ORIGIN,
      checkpoints: [
        { name: 'size changed', file: write('f1', checkpoint.replace(`${ORIGIN}\n7\n`, `${ORIGIN}\n6\n`)) },
        { name: 'signed by another key', file: write('f2', strangerCheckpoint) },
      ],
      inclusions: [
        { name: 'a proof hash changed', file: write('f3', flippedLine(proof, 3)) },
        { name: 'another index', file: write('f4', proof.replace(/^index \d+$/m, 'index 0')) },
        {
          name: 'another entry',
          file: write('f5', proof.replace(extraLine, `extra ${Buffer.from(otherEntry).toString('base64')}`)),
        },
      ],
      consistencies: [
        { name: 'a consistency hash changed', file: write('f6', flippedLine(consistency, 1)), old: third.checkpoint },
        { name: 'against another kept checkpoint', file: write('f7', consistency), old: fourth.checkpoint },
      ],
    });
    expect(forged.map(({ check, ok }) => [check, ok])).toEqual([
      ['size changed', false],
      ['signed by another key', false],
      ['a proof hash changed', false],
      ['another index', false],
      ['another entry', false],
      ['a consistency hash changed', false],
      ['against another kept checkpoint', false],
    ]);
    expect(forged.map(({ error }) => error)).toEqual([
      expect.stringMatching(/note.Open: invalid signature/),
      expect.stringMatching(/note.Open: .*(unknown key|no verifiable signatures)/),
      expect.stringMatching(/tlog.CheckRecord/),
      expect.stringMatching(/tlog.CheckRecord/),
      expect.stringMatching(/tlog.CheckRecord/),
      expect.stringMatching(/tlog.CheckTree/),
      expect.stringMatching(/from size 5, the kept checkpoint is of size 7/),
    ]);
    // The same stranger's checkpoint opens with its own vkey: the refusal above is the key's, not the format's.
    const own = runTlogCheck(binary, dir, {
      vkeys: [...stranger.verifierKeys().values()],
      origin: ORIGIN,
      checkpoints: [{ name: 'the stranger’s own', file: file('f2') }],
    });
    expect(own).toMatchObject([{ ok: true, size: 7 }]);
  });
});
